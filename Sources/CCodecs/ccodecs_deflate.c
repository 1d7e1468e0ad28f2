/* The shim's deflate encoder for filtered PNG rows (ccodecs_deflate.h).
 *
 * Parsing: literals, and runs of a byte repeating the one before it, sent as matches of
 * distance 1, much as zlib's Z_RLE parses: after PNG's row filters, photo rows hold few longer
 * matches (docs/decisions/0004-png-and-jpeg-codecs.md), and without a match search the parser is one SSE2
 * scan for the places where a byte repeats. Unlike Z_RLE, a run starts only where the byte
 * repeats MIN_RUN = 5 times, not 3: three or four equal filtered bytes (mostly zeros, whose codes
 * are short) cost less as literals than as a length and a distance. Measured on captcha outputs:
 * 0.2 % smaller for batch outputs, 0.5 % for make outputs, than with 3 (4: 0.1 % and 0.4 %; 6 to
 * 10 no better); matches at the pixel to the left (distance 3 or 4) gained 0.1-0.2 % more and
 * were left out.
 *
 * Blocks: a block ends after BLOCK_SYMBOLS = 32 K symbols (literals + runs) or when the input
 * buffer (at most BLOCK_BYTES) is full, so the codes follow the picture's statistics while a
 * block's code tables (~40-90 bytes) stay a small part of it. Measured on captcha outputs: 16 K
 * (zlib's memLevel 8) is 0.1-0.2 % larger, 8 K 0.4-0.6 %, 64 K no better. Each block is costed
 * exactly from its histograms and written in the smallest form: dynamic Huffman, fixed Huffman
 * (tiny images) or stored (noise).
 *
 * Codes: optimal lengths by Moffat and Katajainen's in-place algorithm over the counts sorted
 * ascending, then limited to 15 bits (7 for the code-length code) as miniz's
 * tdefl_huffman_enforce_max_code_size does: lengths past the limit become the limit; while the
 * Kraft sum is then over 1, one code at the limit is dropped and the longest shorter code is
 * split in two, which lowers the sum by exactly 2^-limit per step. Fewer than two used symbols
 * get two 1-bit codes (a complete code, as zlib writes). Canonical codes, stored bit-reversed
 * since deflate sends codes from their first bit.
 *
 * Output: a 64-bit bit buffer stored 8 bytes at a time (the whole bytes advance), codes from
 * tables: three literals (at most 45 bits) or one run (at most 35 bits) per store. The bytes
 * depend on the input only, not on zlib (which stays linked for libpng). */
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "ccodecs_deflate.h"

#define BLOCK_SYMBOLS 32768
#define BLOCK_BYTES (1u << 20)
#define MIN_RUN 5
/* Deflate's shortest match. */
#define MIN_MATCH 3
#define MAX_RUN 258
/* Bytes past a parse position the parser may read: a run is measured up to MAX_RUN + MIN_RUN. */
#define LOOKAHEAD (MAX_RUN + MIN_RUN)
/* The SIMD scan reads 32 bytes from a position. */
#define SCAN_BYTES 32
/* Stored blocks hold at most this many bytes. */
#define STORED_MAX 65535

enum { LITLEN_SYMBOLS = 288, DIST_SYMBOLS = 30, CODELEN_SYMBOLS = 19, END_OF_BLOCK = 256 };

/* Length symbols 257-285: the first length of each and its extra bits (RFC 1951, 3.2.5). */
static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,   10,  11,  13,
                                         15, 17, 19, 23, 27, 31, 35,  43,  51,  59,
                                         67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
/* Order in which the code-length code's lengths are sent. */
static const uint8_t codelen_order[CODELEN_SYMBOLS] = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                                       11, 4,  12, 3, 13, 2, 14, 1, 15};

typedef struct {
  uint32_t pos; /* in the block's input */
  uint32_t length;
} run;

struct cc_deflate {
  cc_deflate_sink sink;
  void *context;
  /* Input: data = buffer + 1; data[-1] is the byte before data[0] once `started`. The block
   * being parsed is data[0..<pos); data[pos..<fill) waits for lookahead or for the next block. */
  uint8_t *buffer;
  uint8_t *data;
  size_t capacity, fill, pos;
  int started;
  uint32_t adler;
  /* The block's runs, and how many of each length. */
  uint32_t run_counts[MAX_RUN + 1];
  run *runs;
  size_t run_capacity, run_count, symbols;
  /* Output: whole bytes out[0..<out_length), then bit_count (< 8 between writes) bits. */
  uint8_t *out;
  size_t out_length, out_capacity;
  uint64_t bits;
  unsigned bit_count;
};

/* ---- bit output ---- */

static inline void store64le(uint8_t *p, uint64_t v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  v = __builtin_bswap64(v);
#endif
  memcpy(p, &v, 8);
}

/* Bit writer state in locals, so the hot loops keep it in registers. */
typedef struct {
  uint64_t bits;
  unsigned count;
  uint8_t *out;
} bit_writer;

static inline void put(bit_writer *w, uint32_t code, unsigned length) {
  w->bits |= (uint64_t)code << w->count;
  w->count += length;
}

static inline void put64(bit_writer *w, uint64_t code, unsigned length) {
  w->bits |= code << w->count;
  w->count += length;
}

/* Stores the buffer and keeps the last count % 8 bits; needs count <= 63 and 8 bytes of room. */
static inline void flush(bit_writer *w) {
  store64le(w->out, w->bits);
  w->out += w->count >> 3;
  w->bits >>= w->count & 56;
  w->count &= 7;
}

static bit_writer begin_bits(cc_deflate *d) {
  bit_writer w = {d->bits, d->bit_count, d->out + d->out_length};
  return w;
}

static void end_bits(cc_deflate *d, const bit_writer *w) {
  d->bits = w->bits;
  d->bit_count = w->count;
  d->out_length = (size_t)(w->out - d->out);
}

/* Room for `bytes` more output bytes plus the 8 a store may touch. */
static int reserve(cc_deflate *d, size_t bytes) {
  size_t needed = d->out_length + bytes + 16;
  if (needed <= d->out_capacity) return 1;
  size_t capacity = d->out_capacity * 2 > needed ? d->out_capacity * 2 : needed;
  uint8_t *grown = realloc(d->out, capacity);
  if (grown == NULL) return 0;
  d->out = grown;
  d->out_capacity = capacity;
  return 1;
}

/* Hands the whole bytes written so far to the sink. */
static int drain(cc_deflate *d) {
  if (d->out_length == 0) return 1;
  int ok = d->sink(d->context, d->out, d->out_length);
  d->out_length = 0;
  return ok;
}

/* ---- Huffman codes ---- */

/* Sorts keys[0..<n] (count << 9 | symbol, symbols ascending on entry) by count, stably: an LSD
 * radix sort over the count's bytes, as many passes as the largest count needs. */
static void sort_by_count(uint32_t *keys, uint32_t *scratch, unsigned n, uint32_t largest) {
  for (unsigned shift = 9; shift < 32 && (largest >> (shift - 9)) != 0; shift += 8) {
    unsigned offsets[256] = {0};
    for (unsigned i = 0; i < n; i++) offsets[(keys[i] >> shift) & 255]++;
    unsigned total = 0;
    for (unsigned b = 0; b < 256; b++) {
      unsigned c = offsets[b];
      offsets[b] = total;
      total += c;
    }
    for (unsigned i = 0; i < n; i++) scratch[offsets[(keys[i] >> shift) & 255]++] = keys[i];
    memcpy(keys, scratch, n * sizeof *keys);
  }
}

/* Moffat and Katajainen's in-place minimum-redundancy code lengths: a[0..<n] holds counts in
 * ascending order (n >= 2) and receives each one's code length. */
static void minimum_redundancy(uint32_t *a, int n) {
  int root = 0, leaf = 2, next;
  a[0] += a[1];
  for (next = 1; next < n - 1; next++) {
    /* First child: the smaller of the next internal node and the next leaf. */
    if (leaf >= n || a[root] < a[leaf]) {
      a[next] = a[root];
      a[root++] = (uint32_t)next;
    } else {
      a[next] = a[leaf++];
    }
    /* Second child. */
    if (leaf >= n || (root < next && a[root] < a[leaf])) {
      a[next] += a[root];
      a[root++] = (uint32_t)next;
    } else {
      a[next] += a[leaf++];
    }
  }
  /* Parent pointers to internal node depths. */
  a[n - 2] = 0;
  for (next = n - 3; next >= 0; next--) a[next] = a[a[next]] + 1;
  /* Internal node depths to leaf depths. */
  int available = 1, used = 0, depth = 0;
  root = n - 2;
  next = n - 1;
  while (available > 0) {
    while (root >= 0 && (int)a[root] == depth) {
      used++;
      root--;
    }
    while (available > used) {
      a[next--] = (uint32_t)depth;
      available--;
    }
    available = 2 * used;
    depth++;
    used = 0;
  }
}

/* Code lengths of counts[0..<n] (n <= LITLEN_SYMBOLS), at most `limit` bits, into lengths[]
 * (0 for unused symbols). */
static void build_lengths(const uint32_t *counts, unsigned n, unsigned limit, uint8_t *lengths) {
  uint32_t keys[LITLEN_SYMBOLS], scratch[LITLEN_SYMBOLS], a[LITLEN_SYMBOLS];
  unsigned used = 0;
  uint32_t largest = 0;
  memset(lengths, 0, n);
  for (unsigned s = 0; s < n; s++) {
    if (counts[s] == 0) continue;
    keys[used++] = counts[s] << 9 | s;
    if (counts[s] > largest) largest = counts[s];
  }
  if (used < 2) {
    /* Two 1-bit codes: the used symbol (if any) and symbol 0 or 1. */
    unsigned s = used == 1 ? (keys[0] & 511) : 0;
    lengths[s] = 1;
    lengths[s == 0 ? 1 : 0] = 1;
    return;
  }
  sort_by_count(keys, scratch, used, largest);
  for (unsigned i = 0; i < used; i++) a[i] = keys[i] >> 9;
  minimum_redundancy(a, (int)used);
  /* How many codes of each length (depths past 32 counted at 32: they exceed any limit). */
  unsigned per_length[33] = {0};
  for (unsigned i = 0; i < used; i++) per_length[a[i] < 32 ? a[i] : 32]++;
  for (unsigned l = limit + 1; l <= 32; l++) {
    per_length[limit] += per_length[l];
    per_length[l] = 0;
  }
  uint32_t kraft = 0; /* in units of 2^-limit */
  for (unsigned l = 1; l <= limit; l++) kraft += per_length[l] << (limit - l);
  while (kraft != (1u << limit)) {
    per_length[limit]--;
    for (unsigned l = limit - 1; l > 0; l--) {
      if (per_length[l]) {
        per_length[l]--;
        per_length[l + 1] += 2;
        break;
      }
    }
    kraft--;
  }
  /* The shortest codes to the most frequent symbols (the end of the sorted keys). */
  unsigned j = used;
  for (unsigned l = 1; l <= limit; l++)
    for (unsigned c = per_length[l]; c > 0; c--) lengths[keys[--j] & 511] = (uint8_t)l;
}

static inline uint32_t reverse_bits(uint32_t v, unsigned length) {
  v = ((v & 0x5555) << 1) | ((v >> 1) & 0x5555);
  v = ((v & 0x3333) << 2) | ((v >> 2) & 0x3333);
  v = ((v & 0x0f0f) << 4) | ((v >> 4) & 0x0f0f);
  v = ((v & 0x00ff) << 8) | ((v >> 8) & 0x00ff);
  return v >> (16 - length);
}

/* Canonical codes (RFC 1951, 3.2.2) for lengths[0..<n], bit-reversed. */
static void build_codes(const uint8_t *lengths, unsigned n, uint16_t *codes) {
  unsigned per_length[16] = {0}, next[16];
  for (unsigned s = 0; s < n; s++) per_length[lengths[s]]++;
  per_length[0] = 0;
  unsigned code = 0;
  for (unsigned l = 1; l < 16; l++) {
    code = (code + per_length[l - 1]) << 1;
    next[l] = code;
  }
  for (unsigned s = 0; s < n; s++)
    codes[s] = lengths[s] ? (uint16_t)reverse_bits(next[lengths[s]]++, lengths[s]) : 0;
}

/* ---- blocks ---- */

/* One block's codes. */
typedef struct {
  uint8_t litlen_lengths[LITLEN_SYMBOLS], dist_lengths[DIST_SYMBOLS];
  uint16_t litlen_codes[LITLEN_SYMBOLS], dist_codes[DIST_SYMBOLS];
} block_codes;

/* The dynamic block header's code lengths, run-length coded with symbols 16-18. */
typedef struct {
  unsigned hlit, hdist, hclen;
  unsigned count;
  uint8_t symbols[LITLEN_SYMBOLS + DIST_SYMBOLS];
  uint8_t extras[LITLEN_SYMBOLS + DIST_SYMBOLS];
  uint8_t lengths[CODELEN_SYMBOLS];
  uint16_t codes[CODELEN_SYMBOLS];
} dynamic_header;

static void add_codelen(dynamic_header *h, uint32_t *counts, unsigned symbol, unsigned extra) {
  h->symbols[h->count] = (uint8_t)symbol;
  h->extras[h->count++] = (uint8_t)extra;
  counts[symbol]++;
}

/* Builds the header of a dynamic block with codes `c`; returns its size in bits. */
static uint64_t plan_header(const block_codes *c, dynamic_header *h) {
  unsigned hlit = 286, hdist = 30;
  while (hlit > 257 && c->litlen_lengths[hlit - 1] == 0) hlit--;
  while (hdist > 1 && c->dist_lengths[hdist - 1] == 0) hdist--;
  uint8_t all[LITLEN_SYMBOLS + DIST_SYMBOLS];
  memcpy(all, c->litlen_lengths, hlit);
  memcpy(all + hlit, c->dist_lengths, hdist);
  unsigned n = hlit + hdist;
  uint32_t counts[CODELEN_SYMBOLS] = {0};
  h->count = 0;
  for (unsigned i = 0; i < n;) {
    unsigned v = all[i], r = 1;
    while (i + r < n && all[i + r] == v) r++;
    i += r;
    if (v == 0) {
      for (; r >= 11; r -= r < 138 ? r : 138) add_codelen(h, counts, 18, (r < 138 ? r : 138) - 11);
      if (r >= 3) {
        add_codelen(h, counts, 17, r - 3);
        r = 0;
      }
    } else {
      add_codelen(h, counts, v, 0);
      r--;
      for (; r >= 3; r -= r < 6 ? r : 6) add_codelen(h, counts, 16, (r < 6 ? r : 6) - 3);
    }
    for (; r > 0; r--) add_codelen(h, counts, v, 0);
  }
  build_lengths(counts, CODELEN_SYMBOLS, 7, h->lengths);
  build_codes(h->lengths, CODELEN_SYMBOLS, h->codes);
  unsigned hclen = CODELEN_SYMBOLS;
  while (hclen > 4 && h->lengths[codelen_order[hclen - 1]] == 0) hclen--;
  h->hlit = hlit;
  h->hdist = hdist;
  h->hclen = hclen;
  uint64_t bits = 5 + 5 + 4 + 3 * hclen;
  for (unsigned s = 0; s < CODELEN_SYMBOLS; s++) bits += (uint64_t)counts[s] * h->lengths[s];
  bits += 2 * counts[16] + 3 * counts[17] + 7 * counts[18];
  return bits;
}

static void write_header(bit_writer *w, const dynamic_header *h) {
  put(w, h->hlit - 257, 5);
  put(w, h->hdist - 1, 5);
  put(w, h->hclen - 4, 4);
  flush(w);
  for (unsigned i = 0; i < h->hclen; i++) {
    put(w, h->lengths[codelen_order[i]], 3);
    if (i % 8 == 7) flush(w);
  }
  flush(w);
  static const uint8_t extra_bits[3] = {2, 3, 7};
  for (unsigned i = 0; i < h->count; i++) {
    unsigned s = h->symbols[i];
    put(w, h->codes[s], h->lengths[s]);
    if (s >= 16) put(w, h->extras[i], extra_bits[s - 16]);
    flush(w);
  }
}

/* The length symbol (index into length_base) of run length `length`. */
static unsigned length_symbol(unsigned length) {
  unsigned s = 0;
  while (s < 28 && length_base[s + 1] <= length) s++;
  return s;
}

/* Writes the block's literals and runs with codes `c`, then the end-of-block code. */
static void write_symbols(cc_deflate *d, bit_writer *writer, const block_codes *c) {
  /* A local copy the compiler can keep in registers (the output bytes cannot alias it). */
  bit_writer local = *writer, *w = &local;
  /* Literal table: code | length << 16. Run table: length code, extra bits and distance code,
   * for each run length used. */
  uint32_t literal[256];
  for (unsigned b = 0; b < 256; b++)
    literal[b] = c->litlen_codes[b] | (uint32_t)c->litlen_lengths[b] << 16;
  uint64_t run_bits[MAX_RUN + 1];
  uint8_t run_length[MAX_RUN + 1];
  for (unsigned l = MIN_MATCH; l <= MAX_RUN; l++) {
    if (d->run_counts[l] == 0) continue;
    unsigned s = length_symbol(l), n = c->litlen_lengths[257 + s];
    uint64_t v = c->litlen_codes[257 + s];
    v |= (uint64_t)(l - length_base[s]) << n;
    n += length_extra[s];
    v |= (uint64_t)c->dist_codes[0] << n;
    run_bits[l] = v;
    run_length[l] = (uint8_t)(n + c->dist_lengths[0]);
  }
  const uint8_t *p = d->data;
  size_t i = 0;
  for (size_t r = 0; r <= d->run_count; r++) {
    size_t end = r < d->run_count ? d->runs[r].pos : d->pos;
    for (; i + 3 <= end; i += 3) {
      /* The three codes are joined first, off the chain of shifts through w->count. */
      uint32_t e0 = literal[p[i]], e1 = literal[p[i + 1]], e2 = literal[p[i + 2]];
      unsigned l0 = e0 >> 16, l01 = l0 + (e1 >> 16);
      uint64_t v = (e0 & 0xffff) | (uint64_t)(e1 & 0xffff) << l0 | (uint64_t)(e2 & 0xffff) << l01;
      put64(w, v, l01 + (e2 >> 16));
      flush(w);
    }
    for (; i < end; i++) {
      uint32_t e = literal[p[i]];
      put(w, e & 0xffff, e >> 16);
    }
    flush(w);
    if (r == d->run_count) break;
    unsigned l = d->runs[r].length;
    put64(w, run_bits[l], run_length[l]);
    flush(w);
    i += l;
  }
  put(w, c->litlen_codes[END_OF_BLOCK], c->litlen_lengths[END_OF_BLOCK]);
  flush(w);
  *writer = local;
}

/* Writes data[0..<pos) as stored blocks (the last one final when `final`). */
static void write_stored(cc_deflate *d, bit_writer *w, int final) {
  size_t n = d->pos, i = 0;
  do {
    size_t length = n - i < STORED_MAX ? n - i : STORED_MAX;
    put(w, (final && i + length == n) ? 1 : 0, 3); /* BFINAL, BTYPE 00 */
    w->count = (w->count + 7) & ~7u;               /* to a byte boundary */
    put(w, (uint32_t)length | (uint32_t)(~length & 0xffff) << 16, 32);
    flush(w);
    memcpy(w->out, d->data + i, length);
    w->out += length;
    i += length;
  } while (i < n);
}

/* Adds the count of each byte value in p[0..<n] to counts[0..<256]. Four tables: neighbouring
 * bytes are often equal, and with one table each increment would wait for the one before. */
static void count_bytes(const uint8_t *p, size_t n, uint32_t *counts) {
  uint32_t tables[4][256];
  memset(tables, 0, sizeof tables);
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    tables[0][p[i]]++;
    tables[1][p[i + 1]]++;
    tables[2][p[i + 2]]++;
    tables[3][p[i + 3]]++;
    tables[0][p[i + 4]]++;
    tables[1][p[i + 5]]++;
    tables[2][p[i + 6]]++;
    tables[3][p[i + 7]]++;
  }
  for (; i < n; i++) tables[0][p[i]]++;
  for (unsigned b = 0; b < 256; b++)
    counts[b] += tables[0][b] + tables[1][b] + tables[2][b] + tables[3][b];
}

/* Writes the block parsed so far (data[0..<pos)) in its smallest form and starts a new one. */
static int write_block(cc_deflate *d, int final) {
  uint32_t litlen[LITLEN_SYMBOLS] = {0}, dist[DIST_SYMBOLS] = {0};
  count_bytes(d->data, d->pos, litlen);
  for (size_t r = 0; r < d->run_count; r++) litlen[d->data[d->runs[r].pos]] -= d->runs[r].length;
  litlen[END_OF_BLOCK] = 1;
  uint64_t extra = 0;
  for (unsigned l = MIN_MATCH; l <= MAX_RUN; l++) {
    if (d->run_counts[l] == 0) continue;
    unsigned s = length_symbol(l);
    litlen[257 + s] += d->run_counts[l];
    extra += (uint64_t)d->run_counts[l] * length_extra[s];
  }
  dist[0] = (uint32_t)d->run_count;

  block_codes dynamic;
  dynamic_header header;
  build_lengths(litlen, LITLEN_SYMBOLS, 15, dynamic.litlen_lengths);
  build_lengths(dist, DIST_SYMBOLS, 15, dynamic.dist_lengths);
  uint64_t dynamic_bits = 3 + plan_header(&dynamic, &header) + extra;
  /* Fixed code (RFC 1951, 3.2.6): 8 bits for 0-143, 9 for 144-255, 7 for 256-279, 8 for
   * 280-287; distances 5 bits. */
  uint64_t fixed_bits = 3 + extra + 5 * (uint64_t)d->run_count;
  for (unsigned s = 0; s < 286; s++) {
    dynamic_bits += (uint64_t)litlen[s] * dynamic.litlen_lengths[s];
    fixed_bits += (uint64_t)litlen[s] * (s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8);
  }
  dynamic_bits += (uint64_t)dist[0] * dynamic.dist_lengths[0];
  /* Stored: 3 header bits and padding to a byte, LEN and NLEN, the bytes; each 64 KB piece. */
  size_t pieces = d->pos == 0 ? 1 : (d->pos + STORED_MAX - 1) / STORED_MAX;
  uint64_t stored_bits = 3 + ((8 - ((d->bit_count + 3) & 7)) & 7) + 32 + (pieces - 1) * 40 +
                         8 * (uint64_t)d->pos;

  uint64_t least = dynamic_bits < fixed_bits ? dynamic_bits : fixed_bits;
  if (stored_bits < least) least = stored_bits;
  if (!reserve(d, least / 8 + 16)) return 0;
  bit_writer w = begin_bits(d);
  if (stored_bits == least) {
    write_stored(d, &w, final);
  } else if (dynamic_bits == least) {
    build_codes(dynamic.litlen_lengths, LITLEN_SYMBOLS, dynamic.litlen_codes);
    build_codes(dynamic.dist_lengths, DIST_SYMBOLS, dynamic.dist_codes);
    put(&w, final ? 5 : 4, 3); /* BFINAL, BTYPE 10 */
    write_header(&w, &header);
    write_symbols(d, &w, &dynamic);
  } else {
    block_codes fixed;
    for (unsigned s = 0; s < LITLEN_SYMBOLS; s++)
      fixed.litlen_lengths[s] = s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8;
    memset(fixed.dist_lengths, 5, DIST_SYMBOLS);
    build_codes(fixed.litlen_lengths, LITLEN_SYMBOLS, fixed.litlen_codes);
    build_codes(fixed.dist_lengths, DIST_SYMBOLS, fixed.dist_codes);
    put(&w, final ? 3 : 2, 3); /* BFINAL, BTYPE 01 */
    write_symbols(d, &w, &fixed);
  }
  end_bits(d, &w);

  /* The next block starts at pos; the byte before it stays as data[-1]. */
  if (d->pos > 0) {
    memmove(d->buffer, d->data + d->pos - 1, d->fill - d->pos + 1);
    d->fill -= d->pos;
    d->pos = 0;
  }
  memset(d->run_counts, 0, sizeof d->run_counts);
  d->run_count = 0;
  d->symbols = 0;
  return drain(d);
}

/* ---- parsing ---- */

/* How many of p[0..<limit] equal `b`. */
static inline size_t run_length(const uint8_t *p, uint8_t b, size_t limit) {
  size_t n = 0;
#ifdef __SSE2__
  __m128i v = _mm_set1_epi8((char)b);
  for (; n + 16 <= limit; n += 16) {
    __m128i x = _mm_loadu_si128((const __m128i *)(p + n));
    unsigned same = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, v));
    if (same != 0xffff) return n + (size_t)__builtin_ctz(~same);
  }
#endif
  while (n < limit && p[n] == b) n++;
  return n;
}

static int add_run(cc_deflate *d, size_t pos, size_t length) {
  if (d->run_count == d->run_capacity) {
    size_t capacity = d->run_capacity * 2;
    run *grown = realloc(d->runs, capacity * sizeof *grown);
    if (grown == NULL) return 0;
    d->runs = grown;
    d->run_capacity = capacity;
  }
  d->runs[d->run_count].pos = (uint32_t)pos;
  d->runs[d->run_count++].length = (uint32_t)length;
  d->run_counts[length]++;
  return 1;
}

/* Parses data[pos..<end) into the block (runs may extend to fill), stopping early when the
 * block has BLOCK_SYMBOLS symbols. Only the runs are recorded: the literals are what lies between
 * them. Returns 0 when out of memory. */
static int parse(cc_deflate *d, size_t end) {
  const uint8_t *p = d->data;
  size_t j = d->pos, fill = d->fill;
  if (d->symbols >= BLOCK_SYMBOLS) return 1;
  if (!d->started && j < end) {
    /* The stream's first byte has no byte before it: a literal. */
    d->symbols++;
    j = 1;
    d->started = 1;
  }
  /* Where the block would be full if all else were literals; a run of n bytes moves it n - 1
   * further. */
  size_t stop = j + (BLOCK_SYMBOLS - d->symbols);
  for (;;) {
    size_t limit = end < stop ? end : stop;
    if (j >= limit) break;
#ifdef __SSE2__
    if (j + SCAN_BYTES <= fill) {
      /* Bit k of `same`: p[j + k] == p[j + k - 1]; a run starts where MIN_RUN bits in a row
       * are set. */
      __m128i a0 = _mm_loadu_si128((const __m128i *)(p + j));
      __m128i b0 = _mm_loadu_si128((const __m128i *)(p + j - 1));
      __m128i a1 = _mm_loadu_si128((const __m128i *)(p + j + 16));
      __m128i b1 = _mm_loadu_si128((const __m128i *)(p + j + 15));
      uint32_t same = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(a0, b0)) |
                      (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(a1, b1)) << 16;
      size_t window = limit - j < 16 ? limit - j : 16;
      uint32_t starts = same & ((1u << window) - 1);
      for (unsigned k = 1; k < MIN_RUN; k++) starts &= same >> k;
      if (!starts) {
        j += window;
        continue;
      }
      j += (size_t)__builtin_ctz(starts);
    } else
#endif
    {
      uint8_t b = p[j - 1];
      size_t k = 0;
      while (k < MIN_RUN && j + k < fill && p[j + k] == b) k++;
      if (k < MIN_RUN) {
        j++;
        continue;
      }
    }
    /* A run at j: up to MAX_RUN, but a run of MAX_RUN + 1 to MAX_RUN + MIN_RUN - 1 is cut
     * MIN_RUN short, so that what is left is a run too rather than literals. */
    size_t reach = fill - j < LOOKAHEAD ? fill - j : LOOKAHEAD;
    size_t length = run_length(p + j, p[j - 1], reach);
    if (length > MAX_RUN) length = length >= MAX_RUN + MIN_RUN ? MAX_RUN : length - MIN_RUN;
    if (!add_run(d, j, length)) return 0;
    j += length;
    stop += length - 1;
  }
  d->symbols = BLOCK_SYMBOLS - (stop - j);
  d->pos = j;
  return 1;
}

/* Parses what the buffer holds (all of it when `final`), writing blocks as they fill. */
static int parse_buffer(cc_deflate *d, int final) {
  for (;;) {
    size_t end = final ? d->fill : d->fill > LOOKAHEAD ? d->fill - LOOKAHEAD : 0;
    if (!parse(d, end)) return 0;
    /* A full block is written while input is left over, so it is never the last one. */
    int full = d->symbols >= BLOCK_SYMBOLS || (d->fill == d->capacity && d->pos >= end);
    if (!full || d->pos == d->fill) return 1;
    if (!write_block(d, 0)) return 0;
  }
}

/* ---- Adler-32 ---- */

#define ADLER_MOD 65521
/* Bytes summed before reducing mod 65521 (zlib's NMAX, a multiple of 32 less): s2 stays below
 * 2^32 in the scalar sums and in every vector lane. */
#define ADLER_CHUNK 5536

/* Adler-32 of p[0..<n] continuing `adler` (RFC 1950), 32 bytes per step with SSE2: s1 gains
 * the bytes' sum (psadbw) and s2 gains 32 * s1 before the step plus each byte weighted by its
 * distance from the end of the step, 32 down to 1 (pmaddwd). */
static uint32_t adler32_update(uint32_t adler, const uint8_t *p, size_t n) {
  uint32_t s1 = adler & 0xffff, s2 = adler >> 16;
#ifdef __SSE2__
  const __m128i zero = _mm_setzero_si128();
  const __m128i w0 = _mm_set_epi16(25, 26, 27, 28, 29, 30, 31, 32);
  const __m128i w1 = _mm_set_epi16(17, 18, 19, 20, 21, 22, 23, 24);
  const __m128i w2 = _mm_set_epi16(9, 10, 11, 12, 13, 14, 15, 16);
  const __m128i w3 = _mm_set_epi16(1, 2, 3, 4, 5, 6, 7, 8);
  while (n >= 32) {
    size_t chunk = n < ADLER_CHUNK ? n & ~(size_t)31 : ADLER_CHUNK;
    n -= chunk;
    __m128i sum = zero, sums_before = zero, weighted = zero;
    for (size_t i = 0; i < chunk; i += 32, p += 32) {
      __m128i a = _mm_loadu_si128((const __m128i *)p);
      __m128i b = _mm_loadu_si128((const __m128i *)(p + 16));
      sums_before = _mm_add_epi32(sums_before, sum);
      sum = _mm_add_epi32(sum, _mm_add_epi32(_mm_sad_epu8(a, zero), _mm_sad_epu8(b, zero)));
      weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpacklo_epi8(a, zero), w0));
      weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpackhi_epi8(a, zero), w1));
      weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpacklo_epi8(b, zero), w2));
      weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpackhi_epi8(b, zero), w3));
    }
    uint32_t lanes[3][4];
    _mm_storeu_si128((__m128i *)lanes[0], sum);
    _mm_storeu_si128((__m128i *)lanes[1], sums_before);
    _mm_storeu_si128((__m128i *)lanes[2], weighted);
    uint64_t t2 = (uint64_t)s2 + (uint64_t)s1 * chunk +
                  32 * ((uint64_t)lanes[1][0] + lanes[1][2]) +
                  ((uint64_t)lanes[2][0] + lanes[2][1] + lanes[2][2] + lanes[2][3]);
    s1 = (uint32_t)((s1 + (uint64_t)lanes[0][0] + lanes[0][2]) % ADLER_MOD);
    s2 = (uint32_t)(t2 % ADLER_MOD);
  }
#endif
  while (n > 0) {
    size_t chunk = n < ADLER_CHUNK ? n : ADLER_CHUNK;
    n -= chunk;
    for (size_t i = 0; i < chunk; i++) {
      s1 += p[i];
      s2 += s1;
    }
    p += chunk;
    s1 %= ADLER_MOD;
    s2 %= ADLER_MOD;
  }
  return s2 << 16 | s1;
}

/* ---- the stream ---- */

cc_deflate *cc_deflate_new(uint64_t size_hint, cc_deflate_sink sink, void *context) {
  cc_deflate *d = calloc(1, sizeof *d);
  if (d == NULL) return NULL;
  d->sink = sink;
  d->context = context;
  d->adler = 1;
  size_t bytes = size_hint < 4096 ? 4096 : size_hint < BLOCK_BYTES ? (size_t)size_hint : BLOCK_BYTES;
  d->capacity = bytes + LOOKAHEAD;
  d->run_capacity = bytes / MIN_RUN + 16 < BLOCK_SYMBOLS ? bytes / MIN_RUN + 16 : BLOCK_SYMBOLS;
  d->buffer = calloc(1 + d->capacity + SCAN_BYTES, 1);
  d->runs = malloc(d->run_capacity * sizeof *d->runs);
  /* Compressed data is about half the input; reserve() grows it when needed. */
  d->out_capacity = bytes / 2 + 64;
  d->out = malloc(d->out_capacity);
  if (d->buffer == NULL || d->runs == NULL || d->out == NULL) {
    cc_deflate_free(d);
    return NULL;
  }
  d->data = d->buffer + 1;
  /* zlib header: deflate, the smallest window (256 bytes; runs reach back one byte), no
   * dictionary, check bits. */
  unsigned cmf = 0x08, flg = (31 - (cmf << 8) % 31) % 31;
  d->out[0] = (uint8_t)cmf;
  d->out[1] = (uint8_t)flg;
  d->out_length = 2;
  return d;
}

int cc_deflate_write(cc_deflate *d, const uint8_t *bytes, size_t count) {
  while (count > 0) {
    size_t take = d->capacity - d->fill < count ? d->capacity - d->fill : count;
    memcpy(d->data + d->fill, bytes, take);
    d->adler = adler32_update(d->adler, bytes, take);
    d->fill += take;
    bytes += take;
    count -= take;
    if (!parse_buffer(d, 0)) return 0;
  }
  return 1;
}

int cc_deflate_finish(cc_deflate *d) {
  if (!parse_buffer(d, 1) || !write_block(d, 1) || !reserve(d, 8)) return 0;
  bit_writer w = begin_bits(d);
  w.count = (w.count + 7) & ~7u;
  flush(&w);
  end_bits(d, &w);
  uint8_t *t = d->out + d->out_length;
  t[0] = (uint8_t)(d->adler >> 24);
  t[1] = (uint8_t)(d->adler >> 16);
  t[2] = (uint8_t)(d->adler >> 8);
  t[3] = (uint8_t)d->adler;
  d->out_length += 4;
  return drain(d);
}

void cc_deflate_free(cc_deflate *d) {
  if (d == NULL) return;
  free(d->buffer);
  free(d->runs);
  free(d->out);
  free(d);
}
