#ifndef CCODECS_DEFLATE_H
#define CCODECS_DEFLATE_H
/* The shim's own deflate encoder (ccodecs_deflate.c), written for filtered PNG rows: a zlib
 * stream (RFC 1950/1951) of literals and runs of a repeated byte (matches of distance 1, what
 * zlib's Z_RLE finds), in dynamic, fixed or stored blocks. Not exported to Swift. */
#include <stddef.h>
#include <stdint.h>

/* Receives the compressed bytes in order, a block's worth at a time; returns 0 to fail. */
typedef int (*cc_deflate_sink)(void *context, const uint8_t *bytes, size_t count);

typedef struct cc_deflate cc_deflate;

/* A new stream writing to `sink`. `size_hint` is the expected input size (buffers are sized
 * by it; more input is fine). NULL when out of memory. */
cc_deflate *cc_deflate_new(uint64_t size_hint, cc_deflate_sink sink, void *context);

/* Compresses `count` more bytes. Returns 0 when out of memory or when the sink failed; the
 * stream is then unusable. */
int cc_deflate_write(cc_deflate *d, const uint8_t *bytes, size_t count);

/* Writes the last block and the Adler-32 trailer. Returns 0 as cc_deflate_write does. */
int cc_deflate_finish(cc_deflate *d);

void cc_deflate_free(cc_deflate *d);

#endif
