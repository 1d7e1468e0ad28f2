#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "ccodecs_internal.h"

/* libpng 1.6.39's png_image_finish_read gets 8-bit output wrong for Adam7-interlaced 16-bit
 * files: rows of the later passes are merged over stale data (libpng bug report pnggroup/libpng#853).
 * Those files are decoded here with the classic API and the same transforms the simplified
 * API applies (expand, gray to RGB, add alpha, gamma to sRGB with straight alpha, scale 16 to
 * 8; no gamma information means sRGB, as ccodecs_png.c asks of png_image
 * with PNG_IMAGE_FLAG_16BIT_sRGB).
 * The IHDR is the first chunk: bit depth at byte 24, interlace method at byte 28. */
int cc_png_is_interlaced_16(const uint8_t *data, size_t length) {
  return length > 28 && data[24] == 16 && data[28] == 1;
}

typedef struct {
  jmp_buf jump;
  char *err;
  size_t errlen;
  const uint8_t *data;
  size_t length;
  size_t offset;
} cc_png_read_context;

static void cc_png_on_read_error(png_structp png, png_const_charp message) {
  cc_png_read_context *context = png_get_error_ptr(png);
  cc_set_error(context->err, context->errlen, message);
  longjmp(context->jump, 1);
}

static void cc_png_on_silent_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

static void cc_png_on_read(png_structp png, png_bytep out, size_t count) {
  cc_png_read_context *context = png_get_io_ptr(png);
  if (count > context->length - context->offset) png_error(png, "read beyond end of data");
  memcpy(out, context->data + context->offset, count);
  context->offset += count;
}

cc_status cc_png_decode_interlaced_16(const uint8_t *data, size_t length, uint8_t *buffer,
                                             uint32_t width, uint32_t height, char *err,
                                             size_t errlen) {
  cc_png_read_context context;
  memset(&context, 0, sizeof context);
  context.err = err;
  context.errlen = errlen;
  context.data = data;
  context.length = length;
  png_bytep *volatile rows = malloc(sizeof(png_bytep) * (size_t)height);
  if (rows == NULL) {
    cc_set_error(err, errlen, "out of memory");
    return CC_NO_MEMORY;
  }
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context,
                                           cc_png_on_read_error, cc_png_on_silent_warning);
  png_infop info = png == NULL ? NULL : png_create_info_struct(png);
  if (info == NULL) {
    png_destroy_read_struct(&png, NULL, NULL);
    free(rows);
    cc_set_error(err, errlen, "out of memory");
    return CC_NO_MEMORY;
  }
  if (setjmp(context.jump)) {
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    return CC_CORRUPT;
  }
  png_set_read_fn(png, &context, cc_png_on_read);
  png_read_info(png, info);
  if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height)
    png_error(png, "header changed");
  double file_gamma = 0;
  if (!png_get_gAMA(png, info, &file_gamma)) file_gamma = 1.0 / 2.2; /* sRGB-like */
  png_set_expand(png);
  png_set_gray_to_rgb(png);
  png_set_add_alpha(png, 0xffff, PNG_FILLER_AFTER);
  png_set_alpha_mode(png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
  png_set_gamma(png, PNG_DEFAULT_sRGB, file_gamma);
  png_set_scale_16(png);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unexpected row layout");
  for (uint32_t y = 0; y < height; y++) rows[y] = buffer + (size_t)y * width * 4;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  png_destroy_read_struct(&png, &info, NULL);
  free(rows);
  return CC_OK;
}
