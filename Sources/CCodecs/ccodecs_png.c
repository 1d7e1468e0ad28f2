/* PNG half of the shim: decode with libpng's simplified png_image API (it owns its own
 * setjmp; plain 8-bit RGB(A) files go to the faster ccodecs_png_plain.c when the buffer has room,
 * interlaced 16-bit files to ccodecs_png_interlaced16.c), encode with the classic API under this
 * file's own setjmp. */
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "ccodecs_internal.h"

/* ---- decode ---- */

/* Walks the chunk list of in-memory PNG data and rejects any chunk whose declared length
 * runs past the end of the data. libpng would otherwise allocate the claimed size (up to
 * 2 GB, touching it) before noticing the data is missing: 57-byte files in libpng's
 * crasher set cost 1 GB and seconds each. */
static int cc_png_check_chunks(const uint8_t *data, size_t length, char *err, size_t errlen) {
  size_t offset = 8;
  while (offset + 8 <= length) {
    const uint8_t *chunk = data + offset;
    uint32_t size = ((uint32_t)chunk[0] << 24) | ((uint32_t)chunk[1] << 16) |
                    ((uint32_t)chunk[2] << 8) | (uint32_t)chunk[3];
    if (size > 0x7fffffffu || (size_t)size + 12 > length - offset) {
      char message[64];
      snprintf(message, sizeof message, "%c%c%c%c: chunk runs past the end of the data",
               chunk[4] >= 32 && chunk[4] < 127 ? chunk[4] : '?',
               chunk[5] >= 32 && chunk[5] < 127 ? chunk[5] : '?',
               chunk[6] >= 32 && chunk[6] < 127 ? chunk[6] : '?',
               chunk[7] >= 32 && chunk[7] < 127 ? chunk[7] : '?');
      cc_set_error(err, errlen, message);
      return 0;
    }
    if (memcmp(chunk + 4, "IEND", 4) == 0) return 1;
    offset += (size_t)size + 12;
  }
  return 1; /* a missing IEND is left to libpng */
}

static int cc_png_begin(png_image *image, const uint8_t *data, size_t length, char *err,
                        size_t errlen) {
  memset(image, 0, sizeof *image);
  image->version = PNG_IMAGE_VERSION;
  if (data == NULL || length == 0) {
    cc_set_error(err, errlen, "no data");
    return 0;
  }
  if (!cc_png_check_chunks(data, length, err, errlen)) return 0;
  if (!png_image_begin_read_from_memory(image, data, length)) {
    cc_set_error(err, errlen, image->message);
    png_image_free(image);
    return 0;
  }
  return 1;
}

cc_status cc_png_read_size(const uint8_t *data, size_t length, uint32_t *width,
                           uint32_t *height, char *err, size_t errlen) {
  png_image image;
  *width = 0;
  *height = 0;
  if (!cc_png_begin(&image, data, length, err, errlen)) return CC_CORRUPT;
  *width = image.width;
  *height = image.height;
  png_image_free(&image);
  return CC_OK;
}

cc_status cc_png_decode_rgba(const uint8_t *data, size_t length, uint64_t max_pixels,
                             uint8_t *buffer, size_t capacity, uint32_t *width,
                             uint32_t *height, char *err, size_t errlen) {
  png_image image;
  *width = 0;
  *height = 0;
  if (!cc_png_begin(&image, data, length, err, errlen)) return CC_CORRUPT;
  *width = image.width;
  *height = image.height;
  uint64_t pixels = (uint64_t)image.width * (uint64_t)image.height;
  if (pixels > max_pixels) {
    png_image_free(&image);
    cc_set_error(err, errlen, "image exceeds the pixel limit");
    return CC_TOO_LARGE;
  }
  uint64_t stride = (uint64_t)image.width * 4;
  if (stride > 0x7fffffff || pixels > (uint64_t)SIZE_MAX / 4) {
    png_image_free(&image);
    cc_set_error(err, errlen, "image rows too wide");
    return CC_TOO_LARGE;
  }
  if (buffer == NULL || capacity < pixels * 4) {
    png_image_free(&image);
    cc_set_error(err, errlen, "pixel buffer too small");
    return CC_BAD_ARGUMENT;
  }
  if (cc_png_decode_plain(data, length, buffer, capacity, image.width, image.height)) {
    png_image_free(&image);
    return CC_OK;
  }
  if (cc_png_is_interlaced_16(data, length)) {
    png_image_free(&image);
    return cc_png_decode_interlaced_16(data, length, buffer, *width, *height, err, errlen);
  }
  image.format = PNG_FORMAT_RGBA;
  /* A 16-bit file without gAMA/sRGB is taken as sRGB (libpng's default is linear), the way
   * browsers show it and the way 8-bit files are read. */
  image.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
  if (!png_image_finish_read(&image, NULL, buffer, (png_int_32)stride, NULL)) {
    cc_set_error(err, errlen, image.message);
    png_image_free(&image);
    return CC_CORRUPT;
  }
  png_image_free(&image);
  return CC_OK;
}

/* ---- encode ---- */

typedef struct {
  jmp_buf jump;
  char *err;
  size_t errlen;
  cc_buffer output;
} cc_png_write_context;

static void cc_png_on_error(png_structp png, png_const_charp message) {
  cc_png_write_context *context = png_get_error_ptr(png);
  cc_set_error(context->err, context->errlen, message);
  longjmp(context->jump, 1);
}

static void cc_png_on_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

static void cc_png_on_write(png_structp png, png_bytep bytes, size_t count) {
  cc_png_write_context *context = png_get_io_ptr(png);
  if (!cc_buffer_append(&context->output, bytes, count)) png_error(png, "out of memory");
}

static void cc_png_on_flush(png_structp png) { (void)png; }

cc_status cc_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                        size_t stride, cc_png_layout layout, uint8_t **out,
                        size_t *out_length, char *err, size_t errlen) {
  return cc_png_write(pixels, width, height, stride, layout, out, out_length, err, errlen);
}

cc_status cc_png_encode_zlib(const uint8_t *pixels, uint32_t width, uint32_t height,
                             size_t stride, cc_png_layout layout, int level, int strategy,
                             int filters, uint8_t **out, size_t *out_length, char *err,
                             size_t errlen) {
  *out = NULL;
  *out_length = 0;
  int color_type;
  size_t bytes_per_pixel;
  switch (layout) {
    case CC_PNG_GRAY:
      color_type = PNG_COLOR_TYPE_GRAY;
      bytes_per_pixel = 1;
      break;
    case CC_PNG_RGB_FROM_RGBA:
      color_type = PNG_COLOR_TYPE_RGB;
      bytes_per_pixel = 4;
      break;
    case CC_PNG_RGBA:
      color_type = PNG_COLOR_TYPE_RGB_ALPHA;
      bytes_per_pixel = 4;
      break;
    default:
      cc_set_error(err, errlen, "unknown PNG layout");
      return CC_BAD_ARGUMENT;
  }
  if (pixels == NULL || width == 0 || height == 0 || width > 0x7fffffff ||
      height > 0x7fffffff || stride / bytes_per_pixel < width) {
    cc_set_error(err, errlen, "invalid image size");
    return CC_BAD_ARGUMENT;
  }

  cc_png_write_context *context = calloc(1, sizeof *context);
  if (context == NULL) {
    cc_set_error(err, errlen, "out of memory");
    return CC_NO_MEMORY;
  }
  context->err = err;
  context->errlen = errlen;
  png_structp png =
      png_create_write_struct(PNG_LIBPNG_VER_STRING, context, cc_png_on_error, cc_png_on_warning);
  png_infop info = png == NULL ? NULL : png_create_info_struct(png);
  if (info == NULL) {
    png_destroy_write_struct(&png, NULL);
    free(context);
    cc_set_error(err, errlen, "out of memory");
    return CC_NO_MEMORY;
  }
  if (setjmp(context->jump)) {
    png_destroy_write_struct(&png, &info);
    cc_status status = context->output.failed ? CC_NO_MEMORY : CC_BAD_ARGUMENT;
    free(context->output.bytes);
    free(context);
    return status;
  }
  png_set_write_fn(png, context, cc_png_on_write, cc_png_on_flush);
  png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
  /* Fixed settings: the same pixels always give the same bytes (for one zlib version). */
  png_set_compression_level(png, level);
  png_set_compression_mem_level(png, 8);
  png_set_compression_window_bits(png, 15);
  png_set_compression_strategy(png, strategy);
  png_set_compression_buffer_size(png, 32768);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
  png_set_IHDR(png, info, width, height, 8, color_type, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_write_info(png, info);
  if (layout == CC_PNG_RGB_FROM_RGBA) png_set_filler(png, 0, PNG_FILLER_AFTER);
  for (uint32_t y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * stride);
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);

  *out = context->output.bytes;
  *out_length = context->output.length;
  free(context);
  return CC_OK;
}
