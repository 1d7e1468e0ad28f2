/* WebP half of the shim over libwebp. libwebp reports errors by return value (no longjmp), so
 * every call here checks its result and frees what it allocated. Encoding runs on the calling
 * thread only (thread_level 0) with fixed settings, so equal pixels give equal bytes. */
#include <stdlib.h>
#include <string.h>

#include <webp/decode.h>
#include <webp/encode.h>

#include "ccodecs_internal.h"

/* Lossless effort (libwebp's -z preset, 0-9) and lossy method (0-6): the measured balance of
 * time and bytes on captcha-sized pictures (docs/performance.md, "Bytes to a phone"). */
#define CC_WEBP_LOSSLESS_PRESET 6
#define CC_WEBP_LOSSY_METHOD 4

cc_status cc_webp_read_size(const uint8_t *data, size_t length, uint32_t *width,
                            uint32_t *height, char *err, size_t errlen) {
  WebPBitstreamFeatures features;
  if (data == NULL || width == NULL || height == NULL) {
    cc_set_error(err, errlen, "no data");
    return CC_BAD_ARGUMENT;
  }
  VP8StatusCode status = WebPGetFeatures(data, length, &features);
  if (status == VP8_STATUS_NOT_ENOUGH_DATA) {
    cc_set_error(err, errlen, "the WebP header is truncated");
    return CC_CORRUPT;
  }
  if (status != VP8_STATUS_OK) {
    cc_set_error(err, errlen, "the WebP header is not valid");
    return CC_CORRUPT;
  }
  if (features.has_animation) {
    cc_set_error(err, errlen, "animated WebP is not supported (give one still picture)");
    return CC_CORRUPT;
  }
  *width = (uint32_t)features.width;
  *height = (uint32_t)features.height;
  return CC_OK;
}

cc_status cc_webp_decode_rgba(const uint8_t *data, size_t length, uint64_t max_pixels,
                              uint8_t *buffer, size_t capacity, uint32_t *width,
                              uint32_t *height, char *err, size_t errlen) {
  uint32_t w = 0, h = 0;
  cc_status status = cc_webp_read_size(data, length, &w, &h, err, errlen);
  if (status != CC_OK) return status;
  if ((uint64_t)w * (uint64_t)h > max_pixels) {
    cc_set_error(err, errlen, "the picture has more pixels than allowed");
    return CC_TOO_LARGE;
  }
  if (buffer == NULL || (uint64_t)w * (uint64_t)h * 4 > (uint64_t)capacity) {
    cc_set_error(err, errlen, "the pixel buffer is too small");
    return CC_BAD_ARGUMENT;
  }
  if (WebPDecodeRGBAInto(data, length, buffer, capacity, (int)w * 4) == NULL) {
    cc_set_error(err, errlen, "the WebP data is truncated or corrupt");
    return CC_CORRUPT;
  }
  *width = w;
  *height = h;
  return CC_OK;
}

/* WebPMemoryWriter's buffer, handed to the caller as a cc_free-able copy. */
static cc_status cc_webp_take(WebPMemoryWriter *writer, uint8_t **out, size_t *out_length,
                              char *err, size_t errlen) {
  uint8_t *copy = malloc(writer->size > 0 ? writer->size : 1);
  if (copy == NULL) {
    WebPMemoryWriterClear(writer);
    cc_set_error(err, errlen, "out of memory");
    return CC_NO_MEMORY;
  }
  memcpy(copy, writer->mem, writer->size);
  *out = copy;
  *out_length = writer->size;
  WebPMemoryWriterClear(writer);
  return CC_OK;
}

static const char *cc_webp_encoding_error(WebPEncodingError code) {
  switch (code) {
  case VP8_ENC_ERROR_OUT_OF_MEMORY:
  case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY:
    return "out of memory";
  case VP8_ENC_ERROR_BAD_DIMENSION:
    return "each side of a WebP picture must be 1 to 16383 pixels";
  case VP8_ENC_ERROR_PARTITION0_OVERFLOW:
  case VP8_ENC_ERROR_PARTITION_OVERFLOW:
    return "the picture is too large for one lossy WebP partition";
  default:
    return "libwebp could not encode the picture";
  }
}

cc_status cc_webp_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                         int keep_alpha, int quality, uint8_t **out, size_t *out_length,
                         char *err, size_t errlen) {
  WebPConfig config;
  WebPPicture picture;
  WebPMemoryWriter writer;
  if (out == NULL || out_length == NULL) return CC_BAD_ARGUMENT;
  *out = NULL;
  *out_length = 0;
  if (pixels == NULL || width < 1 || height < 1 || width > WEBP_MAX_DIMENSION ||
      height > WEBP_MAX_DIMENSION || stride < (size_t)width * 4 || quality > 100 ||
      (quality < 1 && quality != CC_WEBP_LOSSLESS)) {
    cc_set_error(err, errlen, "each side of a WebP picture must be 1 to 16383 pixels");
    return CC_BAD_ARGUMENT;
  }
  if (quality == CC_WEBP_LOSSLESS) {
    if (!WebPConfigInit(&config) || !WebPConfigLosslessPreset(&config, CC_WEBP_LOSSLESS_PRESET)) {
      cc_set_error(err, errlen, "libwebp does not match its headers");
      return CC_BAD_ARGUMENT;
    }
    config.exact = 1; /* keep the colour under transparent pixels, as PNG does */
  } else {
    if (!WebPConfigPreset(&config, WEBP_PRESET_DEFAULT, (float)quality)) {
      cc_set_error(err, errlen, "libwebp does not match its headers");
      return CC_BAD_ARGUMENT;
    }
    config.method = CC_WEBP_LOSSY_METHOD;
  }
  config.thread_level = 0;
  if (!WebPValidateConfig(&config) || !WebPPictureInit(&picture)) {
    cc_set_error(err, errlen, "libwebp refused its settings");
    return CC_BAD_ARGUMENT;
  }
  picture.use_argb = quality == CC_WEBP_LOSSLESS;
  picture.width = (int)width;
  picture.height = (int)height;
  int imported = keep_alpha ? WebPPictureImportRGBA(&picture, pixels, (int)stride)
                            : WebPPictureImportRGBX(&picture, pixels, (int)stride);
  if (!imported) {
    WebPPictureFree(&picture);
    cc_set_error(err, errlen, "out of memory");
    return CC_NO_MEMORY;
  }
  WebPMemoryWriterInit(&writer);
  picture.writer = WebPMemoryWrite;
  picture.custom_ptr = &writer;
  if (!WebPEncode(&config, &picture)) {
    cc_status status = picture.error_code == VP8_ENC_ERROR_OUT_OF_MEMORY ? CC_NO_MEMORY : CC_BAD_ARGUMENT;
    cc_set_error(err, errlen, cc_webp_encoding_error(picture.error_code));
    WebPPictureFree(&picture);
    WebPMemoryWriterClear(&writer);
    return status;
  }
  WebPPictureFree(&picture);
  return cc_webp_take(&writer, out, out_length, err, errlen);
}
