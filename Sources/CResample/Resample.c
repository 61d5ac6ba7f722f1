#include "Resample.h"
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// A source coordinate's left (or upper) neighbour `i` and the weight of `i + 1`, 0...256; `i + 1` is always
/// inside the picture (a coordinate at or past the last pixel takes all of it), so both are read as one pair.
typedef struct { int i; uint16_t w; } tap;

static tap tap_at(double u, int n) {
    if (n < 2 || !(u > 0)) return (tap){0, 0};  // NaN too
    if (u >= n - 1) return (tap){n - 2, 256};
    int i = (int)u;
    return (tap){i, (uint16_t)lround((u - i) * 256)};
}

/// One source row filtered horizontally: 4 bytes an output pixel, each (a·(256−w) + b·w + 128) / 256.
/// `weights` holds, per output pixel, 256 − w four times then w four times (16-bit).
static void filter_row(const uint8_t *row, int width, const tap *taps, const uint16_t *weights, int n, uint8_t *out) {
    int i = 0;
    if (width < 2) {
        for (; i < n; i++) memcpy(out + 4 * i, row, 4);
        return;
    }
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128);
    for (; i + 1 < n; i += 2) {
        __m128i p0 = _mm_loadl_epi64((const __m128i *)(row + 4 * taps[i].i));
        __m128i p1 = _mm_loadl_epi64((const __m128i *)(row + 4 * taps[i + 1].i));
        const __m128i w0 = _mm_loadu_si128((const __m128i *)(weights + 8 * i));
        const __m128i w1 = _mm_loadu_si128((const __m128i *)(weights + 8 * i + 8));
        __m128i a = _mm_mullo_epi16(_mm_unpacklo_epi8(p0, zero), w0);
        __m128i b = _mm_mullo_epi16(_mm_unpacklo_epi8(p1, zero), w1);
        __m128i s = _mm_add_epi16(_mm_unpacklo_epi64(a, b), _mm_unpackhi_epi64(a, b));
        s = _mm_srli_epi16(_mm_add_epi16(s, half), 8);
        _mm_storel_epi64((__m128i *)(out + 4 * i), _mm_packus_epi16(s, s));
    }
#endif
    for (; i < n; i++) {
        const uint8_t *a = row + 4 * taps[i].i, *b = a + 4;
        unsigned w = taps[i].w;
        for (int c = 0; c < 4; c++) out[4 * i + c] = (uint8_t)((a[c] * (256 - w) + b[c] * w + 128) >> 8);
    }
}

/// Two filtered rows blended vertically, each (a·(256−w) + b·w + 128) / 256, then each byte multiplied by
/// `multiply[byte % 4] / 256` (nil: left as it is).
static void blend_rows(const uint8_t *a, const uint8_t *b, unsigned w, const uint16_t *multiply,
                       uint8_t *out, int bytes) {
    int k = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128);
    const __m128i wa = _mm_set1_epi16((short)(256 - w)), wb = _mm_set1_epi16((short)w);
    const __m128i m = multiply ? _mm_setr_epi16((short)multiply[0], (short)multiply[1], (short)multiply[2], (short)multiply[3],
                                                (short)multiply[0], (short)multiply[1], (short)multiply[2], (short)multiply[3])
                               : half;
    for (; k + 16 <= bytes; k += 16) {
        __m128i va = _mm_loadu_si128((const __m128i *)(a + k)), vb = _mm_loadu_si128((const __m128i *)(b + k));
        __m128i lo = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(va, zero), wa), _mm_mullo_epi16(_mm_unpacklo_epi8(vb, zero), wb));
        __m128i hi = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(va, zero), wa), _mm_mullo_epi16(_mm_unpackhi_epi8(vb, zero), wb));
        lo = _mm_srli_epi16(_mm_add_epi16(lo, half), 8);
        hi = _mm_srli_epi16(_mm_add_epi16(hi, half), 8);
        if (multiply) {
            lo = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(lo, m), half), 8);
            hi = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(hi, m), half), 8);
        }
        _mm_storeu_si128((__m128i *)(out + k), _mm_packus_epi16(lo, hi));
    }
#endif
    for (; k < bytes; k++) {
        unsigned v = (a[k] * (256 - w) + b[k] * w + 128) >> 8;
        out[k] = (uint8_t)(multiply ? (v * multiply[k & 3] + 128) >> 8 : v);
    }
}

int np_resample_bilinear(const uint8_t *src, int src_width, int src_height, int src_pitch,
                         np_resample_mapping mapping,
                         int out_x, int out_y, int out_w, int out_h, uint8_t *out, int out_pitch,
                         const uint16_t multiply[4]) {
    if (out_w <= 0 || out_h <= 0 || src_width <= 0 || src_height <= 0) return 0;
    if (!(mapping.dst_w > 0) || !(mapping.dst_h > 0)) return 0;
    const double kx = mapping.src_w / mapping.dst_w, ky = mapping.src_h / mapping.dst_h;
    const int multiplies = multiply[0] != 256 || multiply[1] != 256 || multiply[2] != 256 || multiply[3] != 256;
    // Per output column its taps; two filtered rows (the pair the current output row needs); the multipliers
    // repeated across a row, so that the vertical pass is one loop over bytes.
    const size_t row_bytes = (size_t)out_w * 4;
    uint8_t *memory = malloc((sizeof(tap) + 16) * (size_t)out_w + 2 * row_bytes);
    if (!memory) return -1;
    tap *taps = (tap *)memory;
    uint16_t *weights = (uint16_t *)(taps + out_w);
    uint8_t *rows[2] = { (uint8_t *)(weights + 8 * (size_t)out_w), (uint8_t *)(weights + 8 * (size_t)out_w) + row_bytes };
    for (int i = 0; i < out_w; i++) {
        taps[i] = tap_at(mapping.src_x + (out_x + i + 0.5 - mapping.dst_x) * kx - 0.5, src_width);
        for (int c = 0; c < 4; c++) weights[8 * i + c] = (uint16_t)(256 - taps[i].w), weights[8 * i + 4 + c] = taps[i].w;
    }
    int held[2] = { -1, -1 };
    for (int j = 0; j < out_h; j++) {
        tap t = tap_at(mapping.src_y + (out_y + j + 0.5 - mapping.dst_y) * ky - 0.5, src_height);
        // A source row filtered for the output row before is used again (scaling down a little, most are).
        const int need[2] = { t.i, t.w == 0 ? t.i : t.i + 1 };
        int slot[2];
        for (int k = 0; k < 2; k++) {
            slot[k] = held[0] == need[k] ? 0 : held[1] == need[k] ? 1 : -1;
            if (slot[k] >= 0) continue;
            // The first row goes where the second is not held; the second where the first is not.
            slot[k] = k == 0 ? (held[1] == need[1] ? 0 : 1) : 1 - slot[0];
            filter_row(src + (size_t)need[k] * (size_t)src_pitch, src_width, taps, weights, out_w, rows[slot[k]]);
            held[slot[k]] = need[k];
        }
        blend_rows(rows[slot[0]], rows[slot[1]], t.w, multiplies ? multiply : NULL, out + (size_t)j * (size_t)out_pitch, (int)row_bytes);
    }
    free(memory);
    return 0;
}

typedef struct {
    const uint8_t *src;
    int src_width, src_height, src_pitch;
    np_resample_mapping mapping;
    int out_x, out_y, out_w, out_h;
    uint8_t *out;
    int out_pitch;
    const uint16_t *multiply;
    int status;
} band;

static void *resample_band(void *argument) {
    band *b = argument;
    b->status = np_resample_bilinear(b->src, b->src_width, b->src_height, b->src_pitch, b->mapping,
                                     b->out_x, b->out_y, b->out_w, b->out_h, b->out, b->out_pitch, b->multiply);
    return NULL;
}

int np_resample_bilinear_bands(const uint8_t *src, int src_width, int src_height, int src_pitch,
                               np_resample_mapping mapping,
                               int out_x, int out_y, int out_w, int out_h, uint8_t *out, int out_pitch,
                               const uint16_t multiply[4], int bands) {
    if (bands > 8) bands = 8;
    if (bands > out_h) bands = out_h;
    if (bands <= 1)
        return np_resample_bilinear(src, src_width, src_height, src_pitch, mapping, out_x, out_y, out_w, out_h, out,
                                    out_pitch, multiply);
    band work[8];
    pthread_t threads[8];
    int started[8] = { 0 };
    for (int i = 0; i < bands; i++) {
        int y0 = out_h * i / bands, y1 = out_h * (i + 1) / bands;
        work[i] = (band){ src, src_width, src_height, src_pitch, mapping, out_x, out_y + y0, out_w, y1 - y0,
                          out + (size_t)y0 * (size_t)out_pitch, out_pitch, multiply, -1 };
    }
    // The first band on this thread; a band whose thread could not start runs here too.
    for (int i = 1; i < bands; i++) started[i] = pthread_create(&threads[i], NULL, resample_band, &work[i]) == 0;
    resample_band(&work[0]);
    int status = work[0].status;
    for (int i = 1; i < bands; i++) {
        if (started[i]) pthread_join(threads[i], NULL);
        else resample_band(&work[i]);
        if (work[i].status != 0) status = -1;
    }
    return status;
}
