/* Shared helpers: freeing returned buffers, error text, growable output buffer. */
#include <stdlib.h>
#include <string.h>

#include "ccodecs_internal.h"

void cc_free(void *buffer) { free(buffer); }

void cc_set_error(char *err, size_t errlen, const char *message) {
  if (err == NULL || errlen == 0) return;
  if (message == NULL) message = "unknown error";
  size_t n = strlen(message);
  if (n >= errlen) n = errlen - 1;
  memcpy(err, message, n);
  err[n] = '\0';
}

int cc_buffer_append(cc_buffer *buffer, const uint8_t *bytes, size_t count) {
  if (buffer->failed) return 0;
  if (count > SIZE_MAX - buffer->length) {
    buffer->failed = 1;
    return 0;
  }
  size_t needed = buffer->length + count;
  if (needed > buffer->capacity) {
    size_t capacity = buffer->capacity < 4096 ? 4096 : buffer->capacity;
    while (capacity < needed) {
      if (capacity > SIZE_MAX / 2) {
        capacity = needed;
        break;
      }
      capacity *= 2;
    }
    uint8_t *grown = realloc(buffer->bytes, capacity);
    if (grown == NULL) {
      buffer->failed = 1;
      return 0;
    }
    buffer->bytes = grown;
    buffer->capacity = capacity;
  }
  memcpy(buffer->bytes + buffer->length, bytes, count);
  buffer->length = needed;
  return 1;
}
