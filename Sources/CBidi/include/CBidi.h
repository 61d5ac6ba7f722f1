#ifndef NOWPLAYING_CBIDI_H
#define NOWPLAYING_CBIDI_H
// The Unicode bidirectional algorithm (UAX #9) by GNU FriBidi, for laying out lines that mix directions.
#include <stdint.h>

/// Fills `levels` (one per code point of `text`, `length` of them) with each character's embedding level in a
/// paragraph of base direction `base`: 1 left to right, 2 right to left, 0 from its first strong character
/// (rules P2–P3; left to right when it has none). Even levels run left to right, odd ones right to left.
/// Returns 0, or -1 when it cannot.
int np_bidi_levels(const uint32_t *text, int length, int base, int8_t *levels);

#endif
