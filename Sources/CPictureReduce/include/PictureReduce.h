#ifndef NOWPLAYING_PICTURE_REDUCE_H
#define NOWPLAYING_PICTURE_REDUCE_H
#include <stddef.h>
#include <stdint.h>

/// A PNG's own size and whether it is interlaced (Adam7), read from its header without decoding it.
/// Returns 0, or -1 when the bytes are no PNG libpng can read.
int np_png_header(const uint8_t *bytes, size_t count, uint32_t *width, uint32_t *height, int *interlaced);

/// Decodes the PNG in `bytes` straight to `out_width` × `out_height` ARGB8888 pixels (B, G, R, A in memory) at
/// `out`, each the mean of its box of the picture's pixels, box-filtered as libpng hands rows over: the
/// picture's full-size pixels are never made. `out_width` and `out_height` are at least 1 and at most the
/// picture's own; a box holds at most 16,843,009 pixels (its sums are 32-bit). A plain PNG needs one row of
/// the picture and sums for one row of the output; an interlaced one (Adam7 sends the picture seven times over,
/// each pass top to bottom) sums for the whole output, 4 bytes a channel. `working_bytes` receives what was
/// allocated besides `out`. Returns 0, or -1 with a one-line reason in `error` (truncated, NUL-terminated).
int np_png_decode_reduced(const uint8_t *bytes, size_t count, uint8_t *out, uint32_t out_width, uint32_t out_height,
                          size_t out_pitch, size_t *working_bytes, char *error, size_t error_capacity);

#endif
