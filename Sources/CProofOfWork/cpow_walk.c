// The table walk: a puzzle's keys, one nonce's walk, and a whole solution's check.
#include "cpow.h"

#define ROTL(v, c) (((v) << (c)) | ((v) >> (32 - (c))))
#define WALK_MULTIPLIER 0x9e3779b1u

// MurmurHash3's 32-bit finaliser: every output bit depends on every input bit.
static inline uint32_t fmix32(uint32_t h) {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

void cpow_puzzle_key(const uint8_t salt[16], uint32_t index, uint32_t key[8]) {
  uint8_t message[20], digest[32];
  for (int i = 0; i < 16; i++) message[i] = salt[i];
  for (int i = 0; i < 4; i++) message[16 + i] = (uint8_t)(index >> (8 * i));
  cpow_sha256(message, sizeof message, digest);
  for (int i = 0; i < 8; i++) {
    key[i] = (uint32_t)digest[4 * i] | (uint32_t)digest[4 * i + 1] << 8 | (uint32_t)digest[4 * i + 2] << 16 |
             (uint32_t)digest[4 * i + 3] << 24;
  }
}

// One step: read the word the state points at, mix it in, and fold in the step's key word.
static inline uint32_t walk_step(const uint32_t *table, uint32_t mask, uint32_t x, uint32_t key_word) {
  uint32_t mixed = (x ^ table[x & mask]) * WALK_MULTIPLIER;
  return ROTL(mixed, 15) ^ key_word;
}

uint32_t cpow_walk(const uint32_t *table, uint32_t mask, const uint32_t key[8], uint32_t nonce,
                   uint32_t steps) {
  uint32_t x = fmix32(nonce ^ key[0]);
  for (uint32_t s = 0; s < steps; s++) x = walk_step(table, mask, x, key[(s + 1) & 7]);
  return fmix32(x);
}

int64_t cpow_check_solution(const uint32_t *table, unsigned log2_words, const uint8_t salt[16],
                            const uint32_t *nonces, uint32_t count, uint32_t steps, uint64_t difficulty) {
  enum { lanes = 16 };
  uint32_t mask = (uint32_t)(((uint64_t)1 << log2_words) - 1);
  uint64_t threshold = difficulty == 0 ? 0 : ((uint64_t)1 << 32) / difficulty;
  for (uint32_t first = 0; first < count; first += lanes) {
    uint32_t n = count - first < lanes ? count - first : lanes;
    uint32_t keys[lanes][8], x[lanes];
    for (uint32_t l = 0; l < n; l++) {
      cpow_puzzle_key(salt, first + l, keys[l]);
      x[l] = fmix32(nonces[first + l] ^ keys[l][0]);
    }
    for (uint32_t s = 0; s < steps; s++) {
      for (uint32_t l = 0; l < n; l++) x[l] = walk_step(table, mask, x[l], keys[l][(s + 1) & 7]);
    }
    for (uint32_t l = 0; l < n; l++) {
      if (fmix32(x[l]) >= threshold) return first + l;
    }
  }
  return -1;
}

int cpow_solve_puzzle(const uint32_t *table, unsigned log2_words, const uint8_t salt[16], uint32_t index,
                      uint32_t steps, uint64_t difficulty, uint32_t *nonce) {
  enum { lanes = 16 };
  uint32_t mask = (uint32_t)(((uint64_t)1 << log2_words) - 1), key[8], x[lanes];
  uint64_t threshold = difficulty == 0 ? 0 : ((uint64_t)1 << 32) / difficulty;
  cpow_puzzle_key(salt, index, key);
  for (uint64_t first = 0; first < ((uint64_t)1 << 32); first += lanes) {
    for (uint32_t l = 0; l < lanes; l++) x[l] = fmix32((uint32_t)(first + l) ^ key[0]);
    for (uint32_t s = 0; s < steps; s++) {
      for (uint32_t l = 0; l < lanes; l++) x[l] = walk_step(table, mask, x[l], key[(s + 1) & 7]);
    }
    for (uint32_t l = 0; l < lanes; l++) {
      if (fmix32(x[l]) < threshold) {
        *nonce = (uint32_t)(first + l);
        return 0;
      }
    }
  }
  return -1;
}
