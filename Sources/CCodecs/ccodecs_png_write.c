/* The PNG writer behind cc_png_encode: IHDR, IDAT, IEND; no interlace; libpng's adaptive row
 * filter choice; the rows compressed by the shim's own deflate encoder (ccodecs_deflate.c) into
 * IDAT chunks of CC_PNG_IDAT_SIZE bytes.
 *
 * Filters: on batch outputs (320x160), libpng's filter choice, which filters every row five
 * ways byte by byte and sums each result, cost as much as zlib's deflate did. Here the five sums
 * are computed in one SSE2 pass, and only the chosen filter's row is written. The choice is
 * libpng's (the smallest sum of |signed byte| over the row, earlier filter on ties: None, Sub,
 * Up, Average, Paeth), so the filtered rows are those cc_png_encode_zlib (libpng) compresses;
 * tools/bench/png-options.c and PNGDeflateTests check it. No setjmp: nothing here longjmps. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "ccodecs_deflate.h"
#include "ccodecs_internal.h"

/* libpng's zbuffer size in cc_png_encode_zlib (png_set_compression_buffer_size): the IDAT size. */
#define CC_PNG_IDAT_SIZE 32768

static void put32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

/* Appends one chunk (length, type, data, CRC of type + data). */
static int write_chunk(cc_buffer *out, const char *type, const uint8_t *data, uint32_t length) {
  uint8_t head[8];
  put32(head, length);
  memcpy(head + 4, type, 4);
  uLong crc = crc32(0L, (const Bytef *)type, 4);
  if (length > 0) crc = crc32(crc, data, length);
  uint8_t tail[4];
  put32(tail, (uint32_t)crc);
  return cc_buffer_append(out, head, 8) && (length == 0 || cc_buffer_append(out, data, length)) &&
         cc_buffer_append(out, tail, 4);
}

/* libpng's cost of a filtered byte: |v| read as a signed byte. */
static inline uint32_t cost(uint8_t v) { return v < 128 ? v : 256u - v; }

static inline uint8_t paeth(uint8_t a, uint8_t b, uint8_t c) {
  int p = (int)b - (int)c;
  int q = (int)a - (int)c;
  int pa = p < 0 ? -p : p;
  int pb = q < 0 ? -q : q;
  int pc = (p + q) < 0 ? -(p + q) : p + q;
  return (pa <= pb && pa <= pc) ? a : (pb <= pc) ? b : c;
}

/* Filter sets: libpng (png_write_start_row) drops Up, Average and Paeth for an image one row
 * high and Sub, Average and Paeth for one a pixel wide. */
enum { F_NONE = 1, F_SUB = 2, F_UP = 4, F_AVG = 8, F_PAETH = 16, F_ALL = 31 };

static int allowed_filters(uint32_t width, uint32_t height) {
  int filters = F_ALL;
  if (height == 1) filters &= ~(F_UP | F_AVG | F_PAETH);
  if (width == 1) filters &= ~(F_SUB | F_AVG | F_PAETH);
  return filters;
}

#ifdef __SSE2__
/* cost() of 16 bytes, summed into two 64-bit lanes. */
static inline __m128i cost16(__m128i v) {
  __m128i zero = _mm_setzero_si128();
  return _mm_sad_epu8(_mm_min_epu8(v, _mm_sub_epi8(zero, v)), zero);
}

/* |v| of eight 16-bit lanes. */
static inline __m128i abs16(__m128i v) { return _mm_max_epi16(v, _mm_sub_epi16(_mm_setzero_si128(), v)); }

/* paeth() of eight pixels' bytes in 16-bit lanes. */
static inline __m128i paeth8(__m128i a, __m128i b, __m128i c) {
  __m128i p = _mm_sub_epi16(b, c);
  __m128i q = _mm_sub_epi16(a, c);
  __m128i pa = abs16(p), pb = abs16(q), pc = abs16(_mm_add_epi16(p, q));
  /* a when pa <= pb and pa <= pc; else b when pb <= pc; else c. */
  __m128i take_a = _mm_andnot_si128(_mm_or_si128(_mm_cmpgt_epi16(pa, pb), _mm_cmpgt_epi16(pa, pc)),
                                    _mm_set1_epi16(-1));
  __m128i take_b = _mm_andnot_si128(_mm_cmpgt_epi16(pb, pc), _mm_set1_epi16(-1));
  __m128i bc = _mm_or_si128(_mm_and_si128(take_b, b), _mm_andnot_si128(take_b, c));
  return _mm_or_si128(_mm_and_si128(take_a, a), _mm_andnot_si128(take_a, bc));
}

/* paeth() of 16 bytes. */
static inline __m128i paeth16(__m128i a, __m128i b, __m128i c) {
  __m128i zero = _mm_setzero_si128();
  __m128i lo = paeth8(_mm_unpacklo_epi8(a, zero), _mm_unpacklo_epi8(b, zero), _mm_unpacklo_epi8(c, zero));
  __m128i hi = paeth8(_mm_unpackhi_epi8(a, zero), _mm_unpackhi_epi8(b, zero), _mm_unpackhi_epi8(c, zero));
  return _mm_packus_epi16(lo, hi);
}

static inline uint32_t lanes(__m128i v) {
  return (uint32_t)(_mm_cvtsi128_si32(v) + _mm_cvtsi128_si32(_mm_srli_si128(v, 8)));
}
#endif

/* The five filters' costs of `row` (previous row `prev`, zeros for the first), n bytes of bpp. */
static void filter_costs(const uint8_t *row, const uint8_t *prev, size_t n, size_t bpp,
                         uint32_t sums[5]) {
  uint32_t none = 0, sub = 0, up = 0, avg = 0, pae = 0;
  for (size_t i = 0; i < bpp; i++) {
    none += cost(row[i]);
    sub += cost(row[i]);
    up += cost((uint8_t)(row[i] - prev[i]));
    avg += cost((uint8_t)(row[i] - (prev[i] >> 1)));
    pae += cost((uint8_t)(row[i] - prev[i]));
  }
  size_t i = bpp;
#ifdef __SSE2__
  __m128i s_none = _mm_setzero_si128(), s_sub = s_none, s_up = s_none, s_avg = s_none, s_pae = s_none;
  __m128i one = _mm_set1_epi8(1);
  for (; i + 16 <= n; i += 16) {
    __m128i x = _mm_loadu_si128((const __m128i *)(row + i));
    __m128i a = _mm_loadu_si128((const __m128i *)(row + i - bpp));
    __m128i b = _mm_loadu_si128((const __m128i *)(prev + i));
    __m128i c = _mm_loadu_si128((const __m128i *)(prev + i - bpp));
    /* ⌊(a + b) / 2⌋ = the rounded-up average less the carry bit. */
    __m128i mean = _mm_sub_epi8(_mm_avg_epu8(a, b), _mm_and_si128(_mm_xor_si128(a, b), one));
    s_none = _mm_add_epi64(s_none, cost16(x));
    s_sub = _mm_add_epi64(s_sub, cost16(_mm_sub_epi8(x, a)));
    s_up = _mm_add_epi64(s_up, cost16(_mm_sub_epi8(x, b)));
    s_avg = _mm_add_epi64(s_avg, cost16(_mm_sub_epi8(x, mean)));
    s_pae = _mm_add_epi64(s_pae, cost16(_mm_sub_epi8(x, paeth16(a, b, c))));
  }
  none += lanes(s_none);
  sub += lanes(s_sub);
  up += lanes(s_up);
  avg += lanes(s_avg);
  pae += lanes(s_pae);
#endif
  for (; i < n; i++) {
    uint8_t x = row[i], a = row[i - bpp], b = prev[i], c = prev[i - bpp];
    none += cost(x);
    sub += cost((uint8_t)(x - a));
    up += cost((uint8_t)(x - b));
    avg += cost((uint8_t)(x - (uint8_t)(((unsigned)a + b) >> 1)));
    pae += cost((uint8_t)(x - paeth(a, b, c)));
  }
  sums[0] = none;
  sums[1] = sub;
  sums[2] = up;
  sums[3] = avg;
  sums[4] = pae;
}

#ifdef __SSE2__
/* The prediction of filter f (1-4) for 16 bytes from a (left), b (above), c (above left). */
static inline __m128i prediction16(int f, __m128i a, __m128i b, __m128i c) {
  switch (f) {
    case 1: return a;
    case 2: return b;
    case 3: /* ⌊(a + b) / 2⌋, as in filter_costs */
      return _mm_sub_epi8(_mm_avg_epu8(a, b), _mm_and_si128(_mm_xor_si128(a, b), _mm_set1_epi8(1)));
    default: return paeth16(a, b, c);
  }
}
#endif

/* Writes filter f (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth) of `row` into d[0..<n]: each byte
 * less its prediction from a (left), b (above) and c (above left), 16 bytes at a time. */
static void apply_filter(int f, const uint8_t *row, const uint8_t *prev, size_t n, size_t bpp,
                         uint8_t *d) {
  if (f == 0) {
    memcpy(d, row, n);
    return;
  }
  /* The first pixel: a and c are 0, so Sub predicts 0, Average b / 2, Up and Paeth b. */
  for (size_t i = 0; i < bpp; i++)
    d[i] = (uint8_t)(row[i] - (f == 1 ? 0 : f == 3 ? prev[i] >> 1 : prev[i]));
  size_t i = bpp;
#ifdef __SSE2__
  for (; i + 16 <= n; i += 16) {
    __m128i x = _mm_loadu_si128((const __m128i *)(row + i));
    __m128i a = _mm_loadu_si128((const __m128i *)(row + i - bpp));
    __m128i b = _mm_loadu_si128((const __m128i *)(prev + i));
    __m128i c = _mm_loadu_si128((const __m128i *)(prev + i - bpp));
    _mm_storeu_si128((__m128i *)(d + i), _mm_sub_epi8(x, prediction16(f, a, b, c)));
  }
#endif
  for (; i < n; i++) {
    uint8_t a = row[i - bpp], b = prev[i], c = prev[i - bpp];
    uint8_t prediction = f == 1   ? a
                         : f == 2 ? b
                         : f == 3 ? (uint8_t)(((unsigned)a + b) >> 1)
                                  : paeth(a, b, c);
    d[i] = (uint8_t)(row[i] - prediction);
  }
}

/* Chooses the filter of `row` among `filters` as libpng's png_write_find_filter does (the
 * smallest cost, the earlier filter on ties; a lone filter without costing) and writes the filter
 * byte and the filtered row into `dst` (n + 1 bytes). */
static void filter_row(const uint8_t *row, const uint8_t *prev, size_t n, size_t bpp,
                       int filters, uint8_t *dst) {
  int best = 0;
  if (filters & (filters - 1)) {
    uint32_t sums[5];
    filter_costs(row, prev, n, bpp, sums);
    uint32_t least = UINT32_MAX;
    for (int f = 0; f < 5; f++) {
      if ((filters & (1 << f)) && sums[f] < least) {
        best = f;
        least = sums[f];
      }
    }
  } else {
    while (!(filters & (1 << best))) best++;
  }
  dst[0] = (uint8_t)best;
  apply_filter(best, row, prev, n, bpp, dst + 1);
}

/* Drops the 4th byte of each of `width` RGBA pixels: src[0..<4 width] to dst[0..<3 width]. */
static void rgba_to_rgb(const uint8_t *src, size_t width, uint8_t *dst) {
  size_t x = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  /* Two pixels per 64-bit word; 8 bytes stored, of which the 6 that belong to these pixels
   * stay (the next pair overwrites the rest), so the last pair is left to the loop below. */
  for (; x + 3 <= width; x += 2) {
    uint64_t v;
    memcpy(&v, src + 4 * x, 8);
    v = (v & 0xffffffu) | ((v >> 8) & 0xffffff000000u);
    memcpy(dst + 3 * x, &v, 8);
  }
#endif
  for (; x < width; x++) {
    dst[3 * x] = src[4 * x];
    dst[3 * x + 1] = src[4 * x + 1];
    dst[3 * x + 2] = src[4 * x + 2];
  }
}

/* Collects the zlib stream into IDAT chunks of CC_PNG_IDAT_SIZE bytes (the last one shorter). */
typedef struct {
  cc_buffer *out;
  uint8_t *chunk; /* CC_PNG_IDAT_SIZE bytes */
  size_t length;
} idat_writer;

static int idat_sink(void *context, const uint8_t *bytes, size_t count) {
  idat_writer *w = context;
  while (count > 0) {
    if (w->length == 0 && count >= CC_PNG_IDAT_SIZE) {
      if (!write_chunk(w->out, "IDAT", bytes, CC_PNG_IDAT_SIZE)) return 0;
      bytes += CC_PNG_IDAT_SIZE;
      count -= CC_PNG_IDAT_SIZE;
      continue;
    }
    size_t take = CC_PNG_IDAT_SIZE - w->length < count ? CC_PNG_IDAT_SIZE - w->length : count;
    memcpy(w->chunk + w->length, bytes, take);
    w->length += take;
    bytes += take;
    count -= take;
    if (w->length == CC_PNG_IDAT_SIZE) {
      if (!write_chunk(w->out, "IDAT", w->chunk, CC_PNG_IDAT_SIZE)) return 0;
      w->length = 0;
    }
  }
  return 1;
}

cc_status cc_png_write(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                       cc_png_layout layout, uint8_t **out, size_t *out_length, char *err,
                       size_t errlen) {
  *out = NULL;
  *out_length = 0;
  size_t in_bpp, bpp;
  uint8_t color_type;
  switch (layout) {
    case CC_PNG_GRAY: in_bpp = 1; bpp = 1; color_type = 0; break;
    case CC_PNG_RGB_FROM_RGBA: in_bpp = 4; bpp = 3; color_type = 2; break;
    case CC_PNG_RGBA: in_bpp = 4; bpp = 4; color_type = 6; break;
    default: cc_set_error(err, errlen, "unknown PNG layout"); return CC_BAD_ARGUMENT;
  }
  if (pixels == NULL || width == 0 || height == 0 || width > 0x7fffffff || height > 0x7fffffff ||
      stride / in_bpp < width || (uint64_t)width * bpp >= 0x7fffffff) {
    cc_set_error(err, errlen, "invalid image size");
    return CC_BAD_ARGUMENT;
  }
  size_t n = (size_t)width * bpp;
  cc_buffer output = {0};
  idat_writer idat = {&output, NULL, 0};
  uint8_t *rows = calloc(2 * n + (n + 1) + CC_PNG_IDAT_SIZE, 1);
  cc_deflate *z = cc_deflate_new((uint64_t)(n + 1) * height, idat_sink, &idat);
  if (rows == NULL || z == NULL) {
    free(rows);
    cc_deflate_free(z);
    cc_set_error(err, errlen, "out of memory");
    return CC_NO_MEMORY;
  }
  int filters = allowed_filters(width, height);
  uint8_t *cur = rows, *prev = rows + n, *filtered = rows + 2 * n;
  idat.chunk = filtered + n + 1;

  static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
  uint8_t ihdr[13];
  put32(ihdr, width);
  put32(ihdr + 4, height);
  ihdr[8] = 8;
  ihdr[9] = color_type;
  ihdr[10] = ihdr[11] = ihdr[12] = 0;
  int ok = cc_buffer_append(&output, signature, 8) && write_chunk(&output, "IHDR", ihdr, 13);
  for (uint32_t y = 0; ok && y < height; y++) {
    const uint8_t *src = pixels + (size_t)y * stride;
    if (layout == CC_PNG_RGB_FROM_RGBA) {
      rgba_to_rgb(src, width, cur);
    } else {
      memcpy(cur, src, n);
    }
    filter_row(cur, prev, n, bpp, filters, filtered);
    ok = cc_deflate_write(z, filtered, n + 1);
    uint8_t *t = prev;
    prev = cur;
    cur = t;
  }
  ok = ok && cc_deflate_finish(z);
  ok = ok && (idat.length == 0 || write_chunk(&output, "IDAT", idat.chunk, (uint32_t)idat.length));
  ok = ok && write_chunk(&output, "IEND", NULL, 0);
  cc_deflate_free(z);
  free(rows);
  if (!ok) {
    free(output.bytes);
    cc_set_error(err, errlen, "out of memory");
    return CC_NO_MEMORY;
  }
  *out = output.bytes;
  *out_length = output.length;
  return CC_OK;
}
