// The proof of work's arithmetic in C for CaptchaProofOfWork (docs/security.md "Proof of work"):
// scrypt (RFC 7914) and its parts, the table every puzzle walks (scrypt's ROMix array), and the
// table walk that solves and verifies a puzzle. Swift owns the puzzles, levels and JSON; the widget's
// pow-worker.js computes the same function in JavaScript.
#ifndef CPOW_H
#define CPOW_H

#include <stddef.h>
#include <stdint.h>

// SHA-256 of `length` bytes at `data` into `digest` (32 bytes).
void cpow_sha256(const uint8_t *data, size_t length, uint8_t digest[32]);

// PBKDF2-HMAC-SHA256 with one iteration (all scrypt uses): `out_length` bytes into `out`.
void cpow_pbkdf2_sha256_once(const uint8_t *password, size_t password_length, const uint8_t *salt,
                             size_t salt_length, uint8_t *out, size_t out_length);

// scrypt(P, S, N, r, p, dkLen) of RFC 7914 (N a power of two above 1; p * r at most 2^20; at most
// 4 GiB for V). Returns 0, or -1 for parameters out of range or memory it could not allocate.
int cpow_scrypt(const uint8_t *password, size_t password_length, const uint8_t *salt, size_t salt_length,
                uint64_t n, uint32_t r, uint32_t p, uint8_t *out, size_t out_length);

// The words the table of `2^log2_words` words holds (5 ≤ log2_words ≤ 30): ROMix's array V of
// scrypt(P = "captcha-gen pow table v1", S = "", N = 2^(log2_words - 5), r = 1), as RFC 7914's
// first ROMix loop leaves it (block i is X after i BlockMix rounds), words little-endian.
void cpow_table_build(uint32_t *table, unsigned log2_words);

// The eight key words of puzzle `index` for a challenge's 16-byte salt: SHA-256(salt ‖ index as 4
// bytes little-endian), read as little-endian words.
void cpow_puzzle_key(const uint8_t salt[16], uint32_t index, uint32_t key[8]);

// The walk's result for `nonce`: `steps` dependent reads of the table (mask = words - 1). A nonce
// solves the puzzle when the result is below floor(2^32 / difficulty).
uint32_t cpow_walk(const uint32_t *table, uint32_t mask, const uint32_t key[8], uint32_t nonce,
                   uint32_t steps);

// Checks a whole solution: `count` nonces, nonce i for puzzle i of the challenge with `salt`; the
// walks are interleaved so that their reads overlap. Returns -1 when every nonce solves its
// puzzle, else the index of the first that does not.
int64_t cpow_check_solution(const uint32_t *table, unsigned log2_words, const uint8_t salt[16],
                            const uint32_t *nonces, uint32_t count, uint32_t steps, uint64_t difficulty);

// Solves puzzle `index`: the first nonce whose walk ends below floor(2^32 / difficulty), into
// `nonce` (returns 0), or -1 when no 32-bit nonce does. Scalar, 16 walks at once: for tests and
// tools; tools/pow/pow_native.c is the fast solver.
int cpow_solve_puzzle(const uint32_t *table, unsigned log2_words, const uint8_t salt[16], uint32_t index,
                      uint32_t steps, uint64_t difficulty, uint32_t *nonce);

#endif
