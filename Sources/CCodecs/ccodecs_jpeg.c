/* JPEG half of the shim over libjpeg-turbo. libjpeg's default error_exit calls exit(); here
 * it longjmps back to the setjmp of the one operation in progress. Warnings are silent,
 * except the ones that mean the data is truncated or broken, which become errors. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <jerror.h>
#include <jpeglib.h>

#include "ccodecs_internal.h"

/* A progressive file may hold many scans; each costs a pass over the image. Files with
 * more than this are refused instead of taking minutes (libjpeg-turbo's djpeg -maxscans). */
#define CC_JPEG_MAX_SCANS 500

typedef struct {
  struct jpeg_error_mgr manager;
  struct jpeg_progress_mgr progress;
  jmp_buf jump;
  char *err;
  size_t errlen;
} cc_jpeg_error;

static void cc_jpeg_fail(j_common_ptr cinfo) {
  cc_jpeg_error *error = (cc_jpeg_error *)cinfo->err;
  char message[JMSG_LENGTH_MAX];
  (*cinfo->err->format_message)(cinfo, message);
  cc_set_error(error->err, error->errlen, message);
  longjmp(error->jump, 1);
}

static void cc_jpeg_emit(j_common_ptr cinfo, int level) {
  if (level >= 0) return; /* trace messages */
  switch (cinfo->err->msg_code) {
    case JWRN_JPEG_EOF:       /* data ends early; libjpeg would insert a fake EOI */
    case JWRN_HIT_MARKER:     /* entropy-coded segment cut short */
    case JWRN_HUFF_BAD_CODE:  /* broken entropy-coded data */
    case JWRN_MUST_RESYNC:
      cc_jpeg_fail(cinfo);
      break;
    default:
      cinfo->err->num_warnings++;
  }
}

static void cc_jpeg_progress(j_common_ptr cinfo) {
  if (!cinfo->is_decompressor) return;
  j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
  if (dinfo->input_scan_number > CC_JPEG_MAX_SCANS) {
    cc_jpeg_error *error = (cc_jpeg_error *)cinfo->err;
    cc_set_error(error->err, error->errlen, "too many progressive scans");
    longjmp(error->jump, 1);
  }
}

static void cc_jpeg_error_init(cc_jpeg_error *error, char *err, size_t errlen) {
  memset(error, 0, sizeof *error);
  jpeg_std_error(&error->manager);
  error->manager.error_exit = cc_jpeg_fail;
  error->manager.emit_message = cc_jpeg_emit;
  error->progress.progress_monitor = cc_jpeg_progress;
  error->err = err;
  error->errlen = errlen;
}

/* ---- EXIF orientation ---- */

static uint32_t cc_read16(const uint8_t *p, int little) {
  return little ? (uint32_t)(p[0] | (p[1] << 8)) : (uint32_t)((p[0] << 8) | p[1]);
}

static uint32_t cc_read32(const uint8_t *p, int little) {
  return little ? ((uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
                   ((uint32_t)p[3] << 24))
                : (((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) |
                   (uint32_t)p[3]);
}

/* The Orientation tag (0x0112) of IFD0 in an APP1 "Exif\0\0" payload, or 0 when absent. */
static int cc_exif_orientation(const uint8_t *data, size_t length) {
  if (length < 6 + 8 || memcmp(data, "Exif\0\0", 6) != 0) return 0;
  const uint8_t *tiff = data + 6;
  size_t size = length - 6;
  int little;
  if (tiff[0] == 'I' && tiff[1] == 'I') {
    little = 1;
  } else if (tiff[0] == 'M' && tiff[1] == 'M') {
    little = 0;
  } else {
    return 0;
  }
  if (cc_read16(tiff + 2, little) != 42) return 0;
  uint32_t ifd = cc_read32(tiff + 4, little);
  if (ifd < 8 || ifd > size - 2) return 0;
  uint32_t count = cc_read16(tiff + ifd, little);
  for (uint32_t i = 0; i < count; i++) {
    size_t entry = (size_t)ifd + 2 + (size_t)i * 12;
    if (entry + 12 > size) break;
    if (cc_read16(tiff + entry, little) != 0x0112) continue;
    uint32_t type = cc_read16(tiff + entry + 2, little);
    uint32_t value;
    if (type == 3) { /* SHORT */
      value = cc_read16(tiff + entry + 8, little);
    } else if (type == 4) { /* LONG, seen in some writers */
      value = cc_read32(tiff + entry + 8, little);
    } else {
      return 0;
    }
    return (value >= 1 && value <= 8) ? (int)value : 0;
  }
  return 0;
}

static int cc_jpeg_orientation(j_decompress_ptr cinfo) {
  for (jpeg_saved_marker_ptr m = cinfo->marker_list; m != NULL; m = m->next) {
    if (m->marker != JPEG_APP0 + 1) continue;
    int value = cc_exif_orientation(m->data, m->data_length);
    if (value != 0) return value;
  }
  return 1;
}

/* ---- decode ---- */

/* Shared by read_size and decode: sets up the source and reads the header. Must run
 * under the caller's setjmp. */
static void cc_jpeg_start(j_decompress_ptr cinfo, cc_jpeg_error *error, const uint8_t *data,
                          size_t length) {
  cinfo->err = &error->manager;
  jpeg_create_decompress(cinfo);
  cinfo->progress = &error->progress;
  jpeg_mem_src(cinfo, data, (unsigned long)length);
  jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xFFFF);
  jpeg_read_header(cinfo, TRUE);
}

cc_status cc_jpeg_read_size(const uint8_t *data, size_t length, uint32_t *width,
                            uint32_t *height, int *orientation, char *err, size_t errlen) {
  *width = 0;
  *height = 0;
  *orientation = 1;
  if (data == NULL || length == 0) {
    cc_set_error(err, errlen, "no data");
    return CC_CORRUPT;
  }
  struct jpeg_decompress_struct cinfo;
  cc_jpeg_error error;
  cc_jpeg_error_init(&error, err, errlen);
  if (setjmp(error.jump)) {
    jpeg_destroy_decompress(&cinfo);
    return CC_CORRUPT;
  }
  cc_jpeg_start(&cinfo, &error, data, length);
  *width = cinfo.image_width;
  *height = cinfo.image_height;
  *orientation = cc_jpeg_orientation(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  return CC_OK;
}

/* Adobe (inverted) CMYK, 4 bytes per pixel in place, to RGBA. */
static void cc_cmyk_to_rgba(uint8_t *row, uint32_t width, int inverted) {
  for (uint32_t x = 0; x < width; x++) {
    uint8_t *p = row + (size_t)x * 4;
    unsigned c = p[0], m = p[1], y = p[2], k = p[3];
    if (!inverted) {
      c = 255 - c;
      m = 255 - m;
      y = 255 - y;
      k = 255 - k;
    }
    /* Stored values are (1 - ink); colour = (1 - ink) * (1 - black). */
    p[0] = (uint8_t)((c * k + 127) / 255);
    p[1] = (uint8_t)((m * k + 127) / 255);
    p[2] = (uint8_t)((y * k + 127) / 255);
    p[3] = 255;
  }
}

cc_status cc_jpeg_decode_rgba(const uint8_t *data, size_t length, uint64_t max_pixels,
                              uint8_t *buffer, size_t capacity, uint32_t *width,
                              uint32_t *height, int *orientation, char *err, size_t errlen) {
  return cc_jpeg_decode_rgba_scaled(data, length, max_pixels, 1, buffer, capacity, width, height,
                                    orientation, err, errlen);
}

cc_status cc_jpeg_decode_rgba_scaled(const uint8_t *data, size_t length, uint64_t max_pixels,
                                     uint32_t scale_denom, uint8_t *buffer, size_t capacity,
                                     uint32_t *width, uint32_t *height, int *orientation,
                                     char *err, size_t errlen) {
  return cc_jpeg_decode_rgba_band(data, length, max_pixels, scale_denom, 0, UINT32_MAX, buffer,
                                  capacity, width, height, orientation, err, errlen);
}

cc_status cc_jpeg_decode_rgba_band(const uint8_t *data, size_t length, uint64_t max_pixels,
                                   uint32_t scale_denom, uint32_t first_row, uint32_t row_count,
                                   uint8_t *buffer, size_t capacity, uint32_t *width,
                                   uint32_t *height, int *orientation, char *err, size_t errlen) {
  *width = 0;
  *height = 0;
  *orientation = 1;
  if (data == NULL || length == 0) {
    cc_set_error(err, errlen, "no data");
    return CC_CORRUPT;
  }
  if (scale_denom != 1 && scale_denom != 2 && scale_denom != 4 && scale_denom != 8) {
    cc_set_error(err, errlen, "the JPEG scale must be 1/1, 1/2, 1/4 or 1/8");
    return CC_BAD_ARGUMENT;
  }
  struct jpeg_decompress_struct cinfo;
  cc_jpeg_error error;
  cc_jpeg_error_init(&error, err, errlen);
  if (setjmp(error.jump)) {
    jpeg_destroy_decompress(&cinfo);
    return CC_CORRUPT;
  }
  cc_jpeg_start(&cinfo, &error, data, length);
  *orientation = cc_jpeg_orientation(&cinfo);
  int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
  cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
  cinfo.dct_method = JDCT_ISLOW;
  cinfo.do_fancy_upsampling = TRUE;
  cinfo.scale_num = 1;
  cinfo.scale_denom = scale_denom;
  jpeg_calc_output_dimensions(&cinfo);
  *width = cinfo.output_width;
  *height = cinfo.output_height;
  /* The limit applies to the stored size: decoding at a reduced scale still reads every block. */
  uint64_t pixels = (uint64_t)cinfo.image_width * (uint64_t)cinfo.image_height;
  if (pixels > max_pixels || pixels > (uint64_t)SIZE_MAX / 4) {
    *width = cinfo.image_width; /* the error names the stored size */
    *height = cinfo.image_height;
    jpeg_destroy_decompress(&cinfo);
    cc_set_error(err, errlen, "image exceeds the pixel limit");
    return CC_TOO_LARGE;
  }
  uint64_t out_pixels = (uint64_t)cinfo.output_width * (uint64_t)cinfo.output_height;
  if (buffer == NULL || capacity < out_pixels * 4) {
    jpeg_destroy_decompress(&cinfo);
    cc_set_error(err, errlen, "pixel buffer too small");
    return CC_BAD_ARGUMENT;
  }

  jpeg_start_decompress(&cinfo);
  if (cinfo.output_components != 4 || cinfo.output_width != *width ||
      cinfo.output_height != *height) {
    cc_set_error(err, errlen, "unsupported JPEG colour layout");
    jpeg_destroy_decompress(&cinfo);
    return CC_CORRUPT;
  }
  /* The band, clamped to the picture. Rows above it are entropy-decoded only. */
  JDIMENSION first = first_row < cinfo.output_height ? first_row : cinfo.output_height;
  JDIMENSION end = row_count < cinfo.output_height - first ? first + row_count : cinfo.output_height;
  if (first > 0 && jpeg_skip_scanlines(&cinfo, first) != first) {
    cc_set_error(err, errlen, "the rows above the band could not be skipped");
    jpeg_destroy_decompress(&cinfo);
    return CC_CORRUPT;
  }
  size_t stride = (size_t)cinfo.output_width * 4;
  while (cinfo.output_scanline < end) {
    JSAMPROW rows[8];
    JDIMENSION want = end - cinfo.output_scanline;
    if (want > 8) want = 8;
    for (JDIMENSION i = 0; i < want; i++)
      rows[i] = buffer + (size_t)(cinfo.output_scanline + i) * stride;
    JDIMENSION at = cinfo.output_scanline;
    JDIMENSION got = jpeg_read_scanlines(&cinfo, rows, want);
    if (cmyk) {
      for (JDIMENSION i = 0; i < got; i++)
        cc_cmyk_to_rgba(buffer + (size_t)(at + i) * stride, cinfo.output_width,
                        cinfo.saw_Adobe_marker);
    }
  }
  /* Only the band that ends the picture reads on to the end of the image (and its errors). */
  if (end == cinfo.output_height) {
    jpeg_finish_decompress(&cinfo);
  } else {
    jpeg_abort_decompress(&cinfo);
  }
  jpeg_destroy_decompress(&cinfo);
  return CC_OK;
}

/* ---- encode ---- */

/* Gives the whole memory pages of pixels[0, end) that lie at or after *released back to the
 * system (they read as zeros afterwards) and advances *released past them. */
static void cc_release_rows(uint8_t *pixels, size_t end, size_t *released) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  uintptr_t from = ((uintptr_t)pixels + *released + page - 1) / page * page;
  uintptr_t to = ((uintptr_t)pixels + end) / page * page;
  if (to > from) {
    madvise((void *)from, to - from, MADV_DONTNEED);
    *released = to - (uintptr_t)pixels;
  }
}

/* cc_jpeg_encode; with `release` non-zero the rows libjpeg has read are given back as it goes
 * (libjpeg copies every row it is handed before jpeg_write_scanlines returns). */
static cc_status cc_jpeg_encode_rows(uint8_t *pixels, uint32_t width, uint32_t height,
                                     size_t stride, cc_jpeg_input input, int quality,
                                     int chroma444, int progressive, int release, uint8_t **out,
                                     size_t *out_length, char *err, size_t errlen) {
  *out = NULL;
  *out_length = 0;
  size_t bytes_per_pixel = input == CC_JPEG_IN_GRAY ? 1 : 4;
  if (input < CC_JPEG_IN_RGBA || input > CC_JPEG_IN_CMYK_AS_YCCK) {
    cc_set_error(err, errlen, "unknown JPEG input layout");
    return CC_BAD_ARGUMENT;
  }
  if (pixels == NULL || width == 0 || height == 0 || width > JPEG_MAX_DIMENSION ||
      height > JPEG_MAX_DIMENSION || stride / bytes_per_pixel < width) {
    cc_set_error(err, errlen, "invalid image size for JPEG (at most 65500 pixels a side)");
    return CC_BAD_ARGUMENT;
  }
  if (quality < 1 || quality > 100) {
    cc_set_error(err, errlen, "JPEG quality must be 1 to 100");
    return CC_BAD_ARGUMENT;
  }

  struct jpeg_compress_struct cinfo;
  cc_jpeg_error error;
  unsigned char *volatile buffer = NULL;
  unsigned long buffer_size = 0;
  cc_jpeg_error_init(&error, err, errlen);
  if (setjmp(error.jump)) {
    jpeg_destroy_compress(&cinfo);
    free(buffer);
    return CC_BAD_ARGUMENT;
  }
  cinfo.err = &error.manager;
  jpeg_create_compress(&cinfo);
  jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, &buffer_size);
  cinfo.image_width = width;
  cinfo.image_height = height;
  switch (input) {
    case CC_JPEG_IN_GRAY:
      cinfo.input_components = 1;
      cinfo.in_color_space = JCS_GRAYSCALE;
      break;
    case CC_JPEG_IN_CMYK:
    case CC_JPEG_IN_CMYK_AS_YCCK:
      cinfo.input_components = 4;
      cinfo.in_color_space = JCS_CMYK;
      break;
    default:
      cinfo.input_components = 4;
      cinfo.in_color_space = JCS_EXT_RGBA;
  }
  jpeg_set_defaults(&cinfo);
  if (input == CC_JPEG_IN_CMYK_AS_YCCK) jpeg_set_colorspace(&cinfo, JCS_YCCK);
  /* Fixed settings. */
  jpeg_set_quality(&cinfo, quality, TRUE);
  cinfo.dct_method = JDCT_ISLOW;
  cinfo.optimize_coding = TRUE;
  cinfo.smoothing_factor = 0;
  cinfo.restart_interval = 0;
  cinfo.density_unit = 0;
  cinfo.X_density = 1;
  cinfo.Y_density = 1;
  if (input == CC_JPEG_IN_RGBA) {
    int h = chroma444 ? 1 : 2;
    cinfo.comp_info[0].h_samp_factor = h;
    cinfo.comp_info[0].v_samp_factor = h;
    for (int c = 1; c < 3; c++) {
      cinfo.comp_info[c].h_samp_factor = 1;
      cinfo.comp_info[c].v_samp_factor = 1;
    }
  } else if (input != CC_JPEG_IN_GRAY) {
    for (int c = 0; c < 4; c++) {
      cinfo.comp_info[c].h_samp_factor = 1;
      cinfo.comp_info[c].v_samp_factor = 1;
    }
  }
  if (progressive) jpeg_simple_progression(&cinfo);
  jpeg_start_compress(&cinfo, TRUE);
  size_t released = 0;
  while (cinfo.next_scanline < cinfo.image_height) {
    JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
    jpeg_write_scanlines(&cinfo, &row, 1);
    if (release && cinfo.next_scanline % 16 == 0)
      cc_release_rows(pixels, (size_t)cinfo.next_scanline * stride, &released);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  *out = buffer;
  *out_length = buffer_size;
  return CC_OK;
}

cc_status cc_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                         size_t stride, cc_jpeg_input input, int quality, int chroma444,
                         int progressive, uint8_t **out, size_t *out_length, char *err,
                         size_t errlen) {
  return cc_jpeg_encode_rows((uint8_t *)pixels, width, height, stride, input, quality, chroma444,
                             progressive, 0, out, out_length, err, errlen);
}

cc_status cc_jpeg_encode_releasing(uint8_t *pixels, uint32_t width, uint32_t height,
                                   size_t stride, cc_jpeg_input input, int quality,
                                   int chroma444, int progressive, uint8_t **out,
                                   size_t *out_length, char *err, size_t errlen) {
  return cc_jpeg_encode_rows(pixels, width, height, stride, input, quality, chroma444,
                             progressive, 1, out, out_length, err, errlen);
}
