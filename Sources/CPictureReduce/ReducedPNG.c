// PNG decoding at a reduced size through libpng, row by row. In C because libpng reports errors by longjmp,
// which Swift code cannot be jumped across.
#include "PictureReduce.h"
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// The state of one decode, kept out of the function's locals so that a longjmp from libpng loses nothing
/// (locals changed after setjmp would need to be volatile).
typedef struct {
    const uint8_t *bytes;
    size_t count, offset;
    char message[128];
    uint8_t *row;
    uint32_t *columns, *rows, *sums;
    size_t allocated;
} Decode;

static void read_bytes(png_structp png, png_bytep into, size_t length) {
    Decode *d = png_get_io_ptr(png);
    if (length > d->count - d->offset) png_error(png, "the picture's data ends early");
    memcpy(into, d->bytes + d->offset, length);
    d->offset += length;
}

static void fail(png_structp png, png_const_charp message) {
    Decode *d = png_get_error_ptr(png);
    snprintf(d->message, sizeof d->message, "%s", message);
    png_longjmp(png, 1);
}

static void ignore_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

static void *allocate(png_structp png, Decode *d, size_t count, size_t size) {
    void *p = calloc(count, size);
    if (!p) png_error(png, "out of memory");
    d->allocated += count * size;
    return p;
}

static void release(Decode *d) {
    free(d->row); free(d->columns); free(d->rows); free(d->sums);
}

static void report(const Decode *d, char *error, size_t capacity) {
    if (error && capacity > 0) snprintf(error, capacity, "%s", d->message[0] ? d->message : "not a PNG libpng can read");
}

/// Which output column (or row) each of the picture's `own` columns falls in: box `o` holds
/// floor(o * own / out) ..< floor((o + 1) * own / out).
static void fill_boxes(uint32_t *map, uint32_t own, uint32_t out) {
    for (uint32_t o = 0; o < out; o++) {
        uint64_t from = (uint64_t)o * own / out, to = (uint64_t)(o + 1) * own / out;
        for (uint64_t i = from; i < to; i++) map[i] = o;
    }
}

static uint32_t box_extent(uint32_t o, uint32_t own, uint32_t out) {
    return (uint32_t)((uint64_t)(o + 1) * own / out - (uint64_t)o * own / out);
}

/// One output row from its sums: each value the rounded mean of its box; a box with any pixel not fully
/// opaque stays below 255 in alpha, so the output's opacity is the picture's.
static void emit_row(uint8_t *out, const uint32_t *sums, uint32_t out_width, uint32_t own_width, uint32_t box_height,
                     int channels) {
    for (uint32_t ox = 0; ox < out_width; ox++) {
        uint64_t area = (uint64_t)box_extent(ox, own_width, out_width) * box_height;
        const uint32_t *s = sums + (size_t)ox * channels;
        uint8_t v[4];
        for (int k = 0; k < channels; k++) v[k] = (uint8_t)((s[k] + area / 2) / area);
        int has_alpha = channels == 2 || channels == 4;
        uint8_t a = 255;
        if (has_alpha) {
            a = v[channels - 1];
            if (s[channels - 1] < 255 * area && a == 255) a = 254;
        }
        uint8_t *p = out + (size_t)ox * 4;
        if (channels <= 2) { p[0] = p[1] = p[2] = v[0]; } else { p[0] = v[2]; p[1] = v[1]; p[2] = v[0]; }
        p[3] = a;
    }
}

/// Adds the `count` pixels of `row` (`channels` bytes each), pixel i at column start + i * step, to `sums`.
static void add_row(uint32_t *sums, const uint8_t *row, uint32_t count, uint32_t start, uint32_t step,
                    const uint32_t *columns, int channels) {
    for (uint32_t i = 0; i < count; i++) {
        uint32_t *s = sums + (size_t)columns[start + i * step] * channels;
        const uint8_t *p = row + (size_t)i * channels;
        for (int k = 0; k < channels; k++) s[k] += p[k];
    }
}

/// Reads up to the first image data and asks libpng for 8-bit gray, gray + alpha, RGB or RGBA rows.
static int start(png_structp png, png_infop info, uint32_t *width, uint32_t *height, int *interlaced) {
    png_read_info(png, info);
    png_uint_32 w, h;
    int depth, color, interlace;
    png_get_IHDR(png, info, &w, &h, &depth, &color, &interlace, NULL, NULL);
    if (width) *width = w;
    if (height) *height = h;
    if (interlaced) *interlaced = interlace != PNG_INTERLACE_NONE;
    png_set_strip_16(png);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    png_read_update_info(png, info);
    return png_get_channels(png, info);
}

int np_png_header(const uint8_t *bytes, size_t count, uint32_t *width, uint32_t *height, int *interlaced) {
    if (count < 8 || png_sig_cmp(bytes, 0, 8) != 0) return -1;
    Decode d = { .bytes = bytes, .count = count };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &d, fail, ignore_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return -1;
    }
    png_set_read_fn(png, &d, read_bytes);
    start(png, info, width, height, interlaced);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

/// The decode itself, after the caller's setjmp: everything it changes lives behind `d`, so a longjmp out of
/// libpng leaves the caller what it needs to free.
static void decode(png_structp png, png_infop info, Decode *d, uint8_t *out, uint32_t out_width, uint32_t out_height,
                   size_t out_pitch) {
    uint32_t w, h;
    int interlaced;
    int channels = start(png, info, &w, &h, &interlaced);
    if (out_width < 1 || out_height < 1 || out_width > w || out_height > h)
        png_error(png, "the reduced size is not within the picture's own");
    if ((uint64_t)((w + out_width - 1) / out_width) * ((h + out_height - 1) / out_height) > UINT32_MAX / 255)
        png_error(png, "the reduced size is too small for the picture");
    d->row = allocate(png, d, png_get_rowbytes(png, info), 1);
    d->columns = allocate(png, d, w, sizeof *d->columns);
    fill_boxes(d->columns, w, out_width);
    size_t row_sums = (size_t)out_width * channels;
    if (!interlaced) {
        d->sums = allocate(png, d, row_sums, sizeof *d->sums);
        uint32_t oy = 0, next = box_extent(0, h, out_height);
        for (uint32_t y = 0; y < h; y++) {
            png_read_row(png, d->row, NULL);
            add_row(d->sums, d->row, w, 0, 1, d->columns, channels);
            if (y + 1 == next) {
                emit_row(out + (size_t)oy * out_pitch, d->sums, out_width, w, box_extent(oy, h, out_height), channels);
                memset(d->sums, 0, row_sums * sizeof *d->sums);
                if (++oy < out_height) next += box_extent(oy, h, out_height);
            }
        }
        return;
    }
    d->rows = allocate(png, d, h, sizeof *d->rows);
    fill_boxes(d->rows, h, out_height);
    d->sums = allocate(png, d, row_sums * out_height, sizeof *d->sums);
    for (int pass = 0; pass < PNG_INTERLACE_ADAM7_PASSES; pass++) {
        uint32_t pass_width = PNG_PASS_COLS(w, pass), pass_height = PNG_PASS_ROWS(h, pass);
        if (pass_width == 0 || pass_height == 0) continue;
        for (uint32_t r = 0; r < pass_height; r++) {
            png_read_row(png, d->row, NULL);
            uint32_t y = PNG_ROW_FROM_PASS_ROW(r, pass);
            add_row(d->sums + d->rows[y] * row_sums, d->row, pass_width, PNG_PASS_START_COL(pass),
                    1u << PNG_PASS_COL_SHIFT(pass), d->columns, channels);
        }
    }
    for (uint32_t oy = 0; oy < out_height; oy++)
        emit_row(out + (size_t)oy * out_pitch, d->sums + oy * row_sums, out_width, w, box_extent(oy, h, out_height), channels);
}

int np_png_decode_reduced(const uint8_t *bytes, size_t count, uint8_t *out, uint32_t out_width, uint32_t out_height,
                          size_t out_pitch, size_t *working_bytes, char *error, size_t error_capacity) {
    Decode d = { .bytes = bytes, .count = count };
    png_structp png = count >= 8 && png_sig_cmp(bytes, 0, 8) == 0
        ? png_create_read_struct(PNG_LIBPNG_VER_STRING, &d, fail, ignore_warning) : NULL;
    png_infop info = png ? png_create_info_struct(png) : NULL;
    int status = -1;
    if (info && setjmp(png_jmpbuf(png)) == 0) {
        png_set_read_fn(png, &d, read_bytes);
        decode(png, info, &d, out, out_width, out_height, out_pitch);
        status = 0;
    }
    if (status == 0 && working_bytes) *working_bytes = d.allocated;
    if (status != 0) report(&d, error, error_capacity);
    png_destroy_read_struct(&png, info ? &info : NULL, NULL);
    release(&d);
    return status;
}
