// SHA-256's block function (FIPS 180-4) for CaptchaSupport.SHA256: the x86 SHA extensions when the
// processor has them, portable C otherwise. Swift keeps the state, the buffering and the padding.
#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>
#include <stdint.h>

// Runs the compression function over `blocks` 64-byte blocks at `data`, updating `state` (the
// eight working words H0…H7).
void csha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

// The same with the portable C code whatever the processor (for tests that compare the paths).
void csha256_blocks_portable(uint32_t state[8], const uint8_t *data, size_t blocks);

// 1 when csha256_blocks uses the processor's SHA instructions.
int csha256_uses_sha_extensions(void);

#endif
