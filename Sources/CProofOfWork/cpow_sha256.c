// SHA-256 and one-iteration PBKDF2-HMAC-SHA256 over CSHA256's block function: the parts of scrypt
// around ROMix, and the puzzle keys.
#include <string.h>

#include "cpow.h"
#include "csha256.h"

typedef struct {
  uint32_t state[8];
  uint8_t buffer[64];
  size_t buffered;
  uint64_t length;
} sha256_context;

static void sha256_init(sha256_context *c) {
  static const uint32_t initial[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  memcpy(c->state, initial, sizeof initial);
  c->buffered = 0;
  c->length = 0;
}

static void sha256_update(sha256_context *c, const uint8_t *data, size_t length) {
  c->length += length;
  if (c->buffered > 0) {
    size_t take = 64 - c->buffered < length ? 64 - c->buffered : length;
    memcpy(c->buffer + c->buffered, data, take);
    c->buffered += take;
    data += take;
    length -= take;
    if (c->buffered < 64) return;
    csha256_blocks(c->state, c->buffer, 1);
    c->buffered = 0;
  }
  if (length >= 64) {
    csha256_blocks(c->state, data, length / 64);
    data += length / 64 * 64;
    length %= 64;
  }
  memcpy(c->buffer, data, length);
  c->buffered = length;
}

static void sha256_final(sha256_context *c, uint8_t digest[32]) {
  uint64_t bits = c->length * 8;
  uint8_t pad[72] = {0x80};
  size_t pad_length = (c->buffered < 56 ? 56 : 120) - c->buffered;
  for (int i = 0; i < 8; i++) pad[pad_length + i] = (uint8_t)(bits >> (56 - 8 * i));
  sha256_update(c, pad, pad_length + 8);
  for (int i = 0; i < 8; i++) {
    digest[4 * i] = (uint8_t)(c->state[i] >> 24);
    digest[4 * i + 1] = (uint8_t)(c->state[i] >> 16);
    digest[4 * i + 2] = (uint8_t)(c->state[i] >> 8);
    digest[4 * i + 3] = (uint8_t)c->state[i];
  }
}

void cpow_sha256(const uint8_t *data, size_t length, uint8_t digest[32]) {
  sha256_context c;
  sha256_init(&c);
  sha256_update(&c, data, length);
  sha256_final(&c, digest);
}

void cpow_pbkdf2_sha256_once(const uint8_t *password, size_t password_length, const uint8_t *salt,
                             size_t salt_length, uint8_t *out, size_t out_length) {
  uint8_t key[64] = {0};
  if (password_length > 64) {
    cpow_sha256(password, password_length, key);
  } else {
    memcpy(key, password, password_length);
  }
  uint8_t inner_pad[64], outer_pad[64];
  for (int i = 0; i < 64; i++) {
    inner_pad[i] = key[i] ^ 0x36;
    outer_pad[i] = key[i] ^ 0x5c;
  }
  sha256_context inner_start, outer_start;
  sha256_init(&inner_start);
  sha256_update(&inner_start, inner_pad, 64);
  sha256_update(&inner_start, salt, salt_length);
  sha256_init(&outer_start);
  sha256_update(&outer_start, outer_pad, 64);
  for (uint32_t block = 1; out_length > 0; block++) {
    uint8_t counter[4] = {(uint8_t)(block >> 24), (uint8_t)(block >> 16), (uint8_t)(block >> 8),
                          (uint8_t)block};
    uint8_t inner_digest[32], digest[32];
    sha256_context c = inner_start;
    sha256_update(&c, counter, 4);
    sha256_final(&c, inner_digest);
    c = outer_start;
    sha256_update(&c, inner_digest, 32);
    sha256_final(&c, digest);
    size_t take = out_length < 32 ? out_length : 32;
    memcpy(out, digest, take);
    out += take;
    out_length -= take;
  }
}
