// scrypt (RFC 7914): Salsa20/8, BlockMix, ROMix, and the table the puzzles walk (ROMix's array V).
#include <stdlib.h>
#include <string.h>

#include "cpow.h"

#define ROTL(v, c) (((v) << (c)) | ((v) >> (32 - (c))))

// Salsa20/8 core (RFC 7914 section 3) on 16 words in place.
static void salsa20_8(uint32_t b[16]) {
  uint32_t x[16];
  memcpy(x, b, sizeof x);
  for (int i = 0; i < 8; i += 2) {
    x[4] ^= ROTL(x[0] + x[12], 7), x[8] ^= ROTL(x[4] + x[0], 9);
    x[12] ^= ROTL(x[8] + x[4], 13), x[0] ^= ROTL(x[12] + x[8], 18);
    x[9] ^= ROTL(x[5] + x[1], 7), x[13] ^= ROTL(x[9] + x[5], 9);
    x[1] ^= ROTL(x[13] + x[9], 13), x[5] ^= ROTL(x[1] + x[13], 18);
    x[14] ^= ROTL(x[10] + x[6], 7), x[2] ^= ROTL(x[14] + x[10], 9);
    x[6] ^= ROTL(x[2] + x[14], 13), x[10] ^= ROTL(x[6] + x[2], 18);
    x[3] ^= ROTL(x[15] + x[11], 7), x[7] ^= ROTL(x[3] + x[15], 9);
    x[11] ^= ROTL(x[7] + x[3], 13), x[15] ^= ROTL(x[11] + x[7], 18);
    x[1] ^= ROTL(x[0] + x[3], 7), x[2] ^= ROTL(x[1] + x[0], 9);
    x[3] ^= ROTL(x[2] + x[1], 13), x[0] ^= ROTL(x[3] + x[2], 18);
    x[6] ^= ROTL(x[5] + x[4], 7), x[7] ^= ROTL(x[6] + x[5], 9);
    x[4] ^= ROTL(x[7] + x[6], 13), x[5] ^= ROTL(x[4] + x[7], 18);
    x[11] ^= ROTL(x[10] + x[9], 7), x[8] ^= ROTL(x[11] + x[10], 9);
    x[9] ^= ROTL(x[8] + x[11], 13), x[10] ^= ROTL(x[9] + x[8], 18);
    x[12] ^= ROTL(x[15] + x[14], 7), x[13] ^= ROTL(x[12] + x[15], 9);
    x[14] ^= ROTL(x[13] + x[12], 13), x[15] ^= ROTL(x[14] + x[13], 18);
  }
  for (int i = 0; i < 16; i++) b[i] += x[i];
}

// scryptBlockMix (RFC 7914 section 4) of the 2r 16-word blocks in `b`, into `y`.
static void block_mix(const uint32_t *b, uint32_t *y, uint32_t r) {
  uint32_t x[16];
  memcpy(x, b + (2 * r - 1) * 16, sizeof x);
  for (uint32_t i = 0; i < 2 * r; i++) {
    for (int k = 0; k < 16; k++) x[k] ^= b[i * 16 + k];
    salsa20_8(x);
    memcpy(y + ((i & 1) * r + i / 2) * 16, x, sizeof x);
  }
}

// The first ROMix loop: V[i] = X, X = BlockMix(X), for i < n. Leaves X in `x`.
static void romix_fill(uint32_t *x, uint32_t *v, uint64_t n, uint32_t r, uint32_t *y) {
  size_t words = 32 * (size_t)r;
  for (uint64_t i = 0; i < n; i++) {
    memcpy(v + i * words, x, words * 4);
    block_mix(x, y, r);
    memcpy(x, y, words * 4);
  }
}

// scryptROMix (RFC 7914 section 5) on the 32r words of `x`; `v` holds n * 32r words, `y` 32r.
static void romix(uint32_t *x, uint32_t *v, uint64_t n, uint32_t r, uint32_t *y) {
  size_t words = 32 * (size_t)r;
  romix_fill(x, v, n, r, y);
  for (uint64_t i = 0; i < n; i++) {
    uint64_t j = x[(2 * r - 1) * 16] & (n - 1);
    for (size_t k = 0; k < words; k++) x[k] ^= v[j * words + k];
    block_mix(x, y, r);
    memcpy(x, y, words * 4);
  }
}

static void words_from_bytes(uint32_t *words, const uint8_t *bytes, size_t count) {
  for (size_t i = 0; i < count; i++) {
    words[i] = (uint32_t)bytes[4 * i] | (uint32_t)bytes[4 * i + 1] << 8 | (uint32_t)bytes[4 * i + 2] << 16 |
               (uint32_t)bytes[4 * i + 3] << 24;
  }
}

static void bytes_from_words(uint8_t *bytes, const uint32_t *words, size_t count) {
  for (size_t i = 0; i < count; i++) {
    for (int k = 0; k < 4; k++) bytes[4 * i + k] = (uint8_t)(words[i] >> (8 * k));
  }
}

int cpow_scrypt(const uint8_t *password, size_t password_length, const uint8_t *salt, size_t salt_length,
                uint64_t n, uint32_t r, uint32_t p, uint8_t *out, size_t out_length) {
  if (r == 0 || p == 0 || n < 2 || (n & (n - 1)) != 0) return -1;
  size_t block_words = 32 * (size_t)r;
  if ((uint64_t)p * r > (1u << 20) || n > ((uint64_t)1 << 40) / block_words) return -1;
  size_t b_length = p * block_words * 4;
  uint8_t *bytes = malloc(b_length);
  uint32_t *v = malloc((n + 2) * block_words * 4);
  if (bytes == NULL || v == NULL) {
    free(bytes);
    free(v);
    return -1;
  }
  uint32_t *x = v + n * block_words, *y = x + block_words;
  cpow_pbkdf2_sha256_once(password, password_length, salt, salt_length, bytes, b_length);
  for (uint32_t i = 0; i < p; i++) {
    words_from_bytes(x, bytes + i * block_words * 4, block_words);
    romix(x, v, n, r, y);
    bytes_from_words(bytes + i * block_words * 4, x, block_words);
  }
  cpow_pbkdf2_sha256_once(password, password_length, bytes, b_length, out, out_length);
  free(v);
  free(bytes);
  return 0;
}

void cpow_table_build(uint32_t *table, unsigned log2_words) {
  static const char password[] = "captcha-gen pow table v1";
  uint8_t seed[128];
  cpow_pbkdf2_sha256_once((const uint8_t *)password, sizeof password - 1, NULL, 0, seed, sizeof seed);
  uint32_t x[32], y[32];
  words_from_bytes(x, seed, 32);
  romix_fill(x, table, (uint64_t)1 << (log2_words - 5), 1, y);
}
