#ifndef CCODECS_INTERNAL_H
#define CCODECS_INTERNAL_H
/* Helpers shared by the PNG and JPEG halves of the shim (not exported to Swift). */
#include "ccodecs.h"

/* Copies a NUL-terminated message into err[0..<errlen] (truncating; always terminated). */
void cc_set_error(char *err, size_t errlen, const char *message);

/* A growable malloc'd byte buffer used by the encoders. */
typedef struct {
  uint8_t *bytes;
  size_t length;
  size_t capacity;
  int failed; /* set when an allocation failed */
} cc_buffer;

/* Appends bytes; on allocation failure sets buffer->failed and returns 0. */
int cc_buffer_append(cc_buffer *buffer, const uint8_t *bytes, size_t count);

/* True for an Adam7-interlaced 16-bit PNG (IHDR already validated by libpng). */
int cc_png_is_interlaced_16(const uint8_t *data, size_t length);

/* Decodes such a PNG to 8-bit RGBA with the classic API (see ccodecs_png_interlaced16.c). */
cc_status cc_png_decode_interlaced_16(const uint8_t *data, size_t length, uint8_t *buffer,
                                      uint32_t width, uint32_t height, char *err, size_t errlen);

/* Decodes a plain PNG (8-bit RGB or RGBA, not interlaced, nothing that changes libpng's output)
 * of the given size to RGBA in place, when capacity >= width*height*4 + height; 1 when done, 0
 * when the file is not plain or its data is wrong in any way (libpng then decodes it instead).
 * See ccodecs_png_plain.c. */
int cc_png_decode_plain(const uint8_t *data, size_t length, uint8_t *buffer, size_t capacity,
                        uint32_t width, uint32_t height);

/* ---- PNG encoder settings ----
 * cc_png_encode writes with the shim's own writer and deflate encoder (cc_png_write). The
 * libpng + zlib path below stays for comparisons (tools/bench/png-options.c, tests); its
 * settings as cc_png_encode used them before the own encoder: Z_RLE (matches of distance 1
 * only) after libpng's adaptive row filters (docs/ARCHITECTURE.md, Codecs, has the measured
 * tables). The names are expanded where zlib.h and png.h are included. */
#define CC_PNG_ZLIB_LEVEL 6
#define CC_PNG_ZLIB_STRATEGY Z_RLE
#define CC_PNG_ZLIB_FILTERS PNG_ALL_FILTERS

/* PNG through libpng + zlib with the given zlib level, strategy and libpng filter mask. */
cc_status cc_png_encode_zlib(const uint8_t *pixels, uint32_t width, uint32_t height,
                             size_t stride, cc_png_layout layout, int level, int strategy,
                             int filters, uint8_t **out, size_t *out_length, char *err,
                             size_t errlen);

/* What cc_png_encode writes (ccodecs_png_write.c): libpng's adaptive filter choice over all
 * five filters, so the filtered rows are cc_png_encode_zlib's with PNG_ALL_FILTERS, compressed
 * by the shim's deflate encoder (ccodecs_deflate.c). */
cc_status cc_png_write(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                       cc_png_layout layout, uint8_t **out, size_t *out_length, char *err,
                       size_t errlen);

#endif
