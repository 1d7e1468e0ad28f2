/* Entry points for tests (ccodecs.h, "for tests only"): the libpng + zlib reference PNG, the
 * shim's deflate encoder on raw bytes, zlib's inflate to check it against, and the plain-PNG
 * decoder on its own. */
#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "ccodecs_deflate.h"
#include "ccodecs_internal.h"

cc_status cc_test_png_encode_libpng(const uint8_t *pixels, uint32_t width, uint32_t height,
                                    size_t stride, cc_png_layout layout, uint8_t **out,
                                    size_t *out_length, char *err, size_t errlen) {
  return cc_png_encode_zlib(pixels, width, height, stride, layout, CC_PNG_ZLIB_LEVEL,
                            CC_PNG_ZLIB_STRATEGY, CC_PNG_ZLIB_FILTERS, out, out_length, err,
                            errlen);
}

static int append(void *context, const uint8_t *bytes, size_t count) {
  return cc_buffer_append(context, bytes, count);
}

cc_status cc_test_deflate(const uint8_t *data, size_t length, size_t piece, uint64_t size_hint,
                          uint8_t **out, size_t *out_length) {
  *out = NULL;
  *out_length = 0;
  if (data == NULL && length > 0) return CC_BAD_ARGUMENT;
  cc_buffer stream = {0};
  cc_deflate *d = cc_deflate_new(size_hint, append, &stream);
  int ok = d != NULL;
  if (piece == 0) piece = length;
  for (size_t at = 0; ok && at < length; at += piece)
    ok = cc_deflate_write(d, data + at, length - at < piece ? length - at : piece);
  ok = ok && cc_deflate_finish(d);
  cc_deflate_free(d);
  if (!ok) {
    free(stream.bytes);
    return CC_NO_MEMORY;
  }
  *out = stream.bytes;
  *out_length = stream.length;
  return CC_OK;
}

cc_status cc_test_inflate(const uint8_t *data, size_t length, uint8_t *buffer, size_t capacity,
                          size_t *out_length) {
  *out_length = 0;
  if (length > UINT32_MAX || capacity > UINT32_MAX) return CC_BAD_ARGUMENT;
  /* uncompress wants a non-NULL destination even for an empty result. */
  uint8_t spare;
  uLongf n = (uLongf)capacity;
  if (uncompress(buffer != NULL ? buffer : &spare, &n, data, (uLong)length) != Z_OK)
    return CC_CORRUPT;
  *out_length = (size_t)n;
  return CC_OK;
}

int cc_test_png_decode_plain(const uint8_t *data, size_t length, uint8_t *buffer, size_t capacity,
                             uint32_t width, uint32_t height) {
  if (data == NULL || buffer == NULL) return 0;
  return cc_png_decode_plain(data, length, buffer, capacity, width, height);
}
