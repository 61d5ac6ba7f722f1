#ifndef NOWPLAYING_RESAMPLE_H
#define NOWPLAYING_RESAMPLE_H
#include <stdint.h>

/// Where a picture lands: its source rectangle (in source pixels, fractional) drawn over a destination
/// rectangle (in destination pixels, fractional), as a renderer's scaled copy maps them.
typedef struct {
    double src_x, src_y, src_w, src_h;
    double dst_x, dst_y, dst_w, dst_h;
} np_resample_mapping;

/// Resamples a 32-bit picture (4 bytes a pixel, every byte filtered alike) bilinearly and writes the
/// destination pixels `out_x`..<`out_x + out_w`, `out_y`..<`out_y + out_h` to `out` (which points at pixel
/// (`out_x`, `out_y`); `out_pitch` bytes a row). Each destination pixel's centre is mapped to the source by
/// `mapping` alone, so a part written by itself equals the same part of the whole: pieces of one copy meet
/// exactly. Samples outside the picture take its nearest edge pixel. Each byte is then multiplied by
/// `multiply[i % 4] / 256` (256 leaves it). Returns 0, or -1 when working memory could not be had.
int np_resample_bilinear(const uint8_t *src, int src_width, int src_height, int src_pitch,
                         np_resample_mapping mapping,
                         int out_x, int out_y, int out_w, int out_h, uint8_t *out, int out_pitch,
                         const uint16_t multiply[4]);

/// `np_resample_bilinear` split into `bands` bands of rows resampled at once, one on the calling thread and
/// each other on a thread of its own (at most 8); the bands meet exactly. Returns 0, or -1 when any band failed.
int np_resample_bilinear_bands(const uint8_t *src, int src_width, int src_height, int src_pitch,
                               np_resample_mapping mapping,
                               int out_x, int out_y, int out_w, int out_h, uint8_t *out, int out_pitch,
                               const uint16_t multiply[4], int bands);

#endif
