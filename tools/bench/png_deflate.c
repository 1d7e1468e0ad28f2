/* A PNG writer over libdeflate, for png-options.c's comparison (captcha-gen itself writes PNGs
 * with libpng + zlib): row filters like libpng's, one whole-buffer zlib stream, and the
 * signature/IHDR/IDAT/IEND chunks. libdeflate compresses a whole buffer at once (no streaming),
 * so it holds the filtered image (height * (1 + row bytes)) and its compressed form. */
#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

#include "ccodecs_internal.h"
#include "png_deflate.h"

/* IDAT data is split into chunks of at most this many bytes. */
#define CC_PNG_IDAT_CHUNK (1u << 20)

static uint8_t cc_paeth(int a, int b, int c) {
  int p = a + b - c;
  int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
  if (pa <= pb && pa <= pc) return (uint8_t)a;
  return (uint8_t)(pb <= pc ? b : c);
}

/* Writes filter `type` (0 none, 1 sub, 2 up, 3 average, 4 paeth) of row `cur` (previous row
 * `prev`, all zeros for the first row) into out[0..<n]. */
static void cc_filter_row(int type, const uint8_t *cur, const uint8_t *prev, size_t n, size_t bpp,
                          uint8_t *out) {
  size_t i;
  switch (type) {
    case 0:
      memcpy(out, cur, n);
      break;
    case 1:
      for (i = 0; i < bpp && i < n; i++) out[i] = cur[i];
      for (; i < n; i++) out[i] = (uint8_t)(cur[i] - cur[i - bpp]);
      break;
    case 2:
      for (i = 0; i < n; i++) out[i] = (uint8_t)(cur[i] - prev[i]);
      break;
    case 3:
      for (i = 0; i < bpp && i < n; i++) out[i] = (uint8_t)(cur[i] - (prev[i] >> 1));
      for (; i < n; i++) out[i] = (uint8_t)(cur[i] - ((cur[i - bpp] + prev[i]) >> 1));
      break;
    default:
      for (i = 0; i < bpp && i < n; i++) out[i] = (uint8_t)(cur[i] - prev[i]);
      for (; i < n; i++) out[i] = (uint8_t)(cur[i] - cc_paeth(cur[i - bpp], prev[i], prev[i - bpp]));
  }
}

/* libpng's heuristic: the sum of the filtered bytes taken as signed magnitudes. */
static uint64_t cc_filter_cost(const uint8_t *row, size_t n) {
  uint64_t sum = 0;
  for (size_t i = 0; i < n; i++) sum += row[i] < 128 ? row[i] : 256 - row[i];
  return sum;
}

/* Filters row `cur` into out (filter byte + n bytes): a fixed filter, or (filter < 0) the one of
 * the five with the smallest cost, the lowest type on ties. `scratch` holds 2 * n bytes. */
static void cc_filter_choose(int filter, const uint8_t *cur, const uint8_t *prev, size_t n,
                             size_t bpp, uint8_t *out, uint8_t *scratch) {
  if (filter >= 0) {
    out[0] = (uint8_t)filter;
    cc_filter_row(filter, cur, prev, n, bpp, out + 1);
    return;
  }
  uint8_t *best = scratch, *trial = scratch + n;
  int best_type = 0;
  cc_filter_row(0, cur, prev, n, bpp, best);
  uint64_t best_cost = cc_filter_cost(best, n);
  for (int type = 1; type <= 4; type++) {
    cc_filter_row(type, cur, prev, n, bpp, trial);
    uint64_t cost = cc_filter_cost(trial, n);
    if (cost < best_cost) {
      uint8_t *swap = best;
      best = trial;
      trial = swap;
      best_cost = cost;
      best_type = type;
    }
  }
  out[0] = (uint8_t)best_type;
  memcpy(out + 1, best, n);
}

static void cc_put32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

/* Appends one chunk (length, type, data, CRC of type + data). */
static int cc_png_chunk(cc_buffer *out, const char type[4], const uint8_t *data, size_t length) {
  uint8_t head[8], tail[4];
  cc_put32(head, (uint32_t)length);
  memcpy(head + 4, type, 4);
  uint32_t crc = libdeflate_crc32(0, head + 4, 4);
  if (length > 0) crc = libdeflate_crc32(crc, data, length);
  cc_put32(tail, crc);
  return cc_buffer_append(out, head, 8) && (length == 0 || cc_buffer_append(out, data, length)) &&
         cc_buffer_append(out, tail, 4);
}

/* The filtered rows (each: filter byte + row bytes), or NULL when out of memory. */
static uint8_t *cc_png_filter_image(const uint8_t *pixels, uint32_t width, uint32_t height,
                                    size_t stride, size_t in_bpp, size_t bpp, int filter,
                                    size_t *length) {
  size_t n = (size_t)width * bpp;
  uint8_t *filtered = malloc((n + 1) * height);
  uint8_t *rows = calloc(4, n); /* previous row, current row, two scratch rows */
  if (filtered == NULL || rows == NULL) {
    free(filtered);
    free(rows);
    return NULL;
  }
  uint8_t *prev = rows, *cur = rows + n, *scratch = rows + 2 * n;
  for (uint32_t y = 0; y < height; y++) {
    const uint8_t *src = pixels + (size_t)y * stride;
    if (in_bpp == bpp) {
      memcpy(cur, src, n);
    } else { /* RGBA in, RGB out */
      for (uint32_t x = 0; x < width; x++) memcpy(cur + (size_t)x * 3, src + (size_t)x * 4, 3);
    }
    cc_filter_choose(filter, cur, prev, n, bpp, filtered + (size_t)y * (n + 1), scratch);
    uint8_t *swap = prev;
    prev = cur;
    cur = swap;
  }
  free(rows);
  *length = (n + 1) * height;
  return filtered;
}

cc_status cc_png_encode_deflate(const uint8_t *pixels, uint32_t width, uint32_t height,
                                size_t stride, cc_png_layout layout, int level, int filter,
                                uint8_t **out, size_t *out_length, char *err, size_t errlen) {
  *out = NULL;
  *out_length = 0;
  size_t in_bpp = layout == CC_PNG_GRAY ? 1 : 4;
  size_t bpp = layout == CC_PNG_RGB_FROM_RGBA ? 3 : in_bpp;
  uint8_t color_type = layout == CC_PNG_GRAY ? 0 : layout == CC_PNG_RGBA ? 6 : 2;
  size_t raw_length = 0;
  uint8_t *raw = cc_png_filter_image(pixels, width, height, stride, in_bpp, bpp, filter, &raw_length);
  struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
  size_t bound = compressor == NULL ? 0 : libdeflate_zlib_compress_bound(compressor, raw_length);
  uint8_t *zdata = raw == NULL || compressor == NULL ? NULL : malloc(bound);
  if (zdata == NULL) {
    free(raw);
    libdeflate_free_compressor(compressor);
    cc_set_error(err, errlen, "out of memory");
    return CC_NO_MEMORY;
  }
  size_t zlength = libdeflate_zlib_compress(compressor, raw, raw_length, zdata, bound);
  libdeflate_free_compressor(compressor);
  free(raw);

  static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
  uint8_t ihdr[13];
  cc_put32(ihdr, width);
  cc_put32(ihdr + 4, height);
  ihdr[8] = 8;           /* bit depth */
  ihdr[9] = color_type;  /* 0 gray, 2 RGB, 6 RGBA */
  ihdr[10] = 0;          /* deflate */
  ihdr[11] = 0;          /* adaptive filtering */
  ihdr[12] = 0;          /* no interlace */
  cc_buffer output = {0};
  int ok = zlength > 0 && cc_buffer_append(&output, signature, 8) &&
           cc_png_chunk(&output, "IHDR", ihdr, 13);
  for (size_t offset = 0; ok && offset < zlength; offset += CC_PNG_IDAT_CHUNK) {
    size_t part = zlength - offset < CC_PNG_IDAT_CHUNK ? zlength - offset : CC_PNG_IDAT_CHUNK;
    ok = cc_png_chunk(&output, "IDAT", zdata + offset, part);
  }
  ok = ok && cc_png_chunk(&output, "IEND", NULL, 0);
  free(zdata);
  if (!ok) {
    free(output.bytes);
    cc_set_error(err, errlen, zlength == 0 ? "compression failed" : "out of memory");
    return zlength == 0 ? CC_BAD_ARGUMENT : CC_NO_MEMORY;
  }
  *out = output.bytes;
  *out_length = output.length;
  return CC_OK;
}
