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
/* After jpeglib.h: the compressor's modules (cinfo->entropy) and jpeg_natural_order. */
#include <jpegint.h>

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

/* Packs tightly stored RGBA rows into RGB in place (the fourth bytes are dropped; each pixel
 * moves towards the start, so none is overwritten before it is read) and gives the quarter of
 * the buffer that no longer holds pixels back to the system. libjpeg converts RGB and RGBA rows
 * to YCbCr the same way, so the file is the same; the encoder then holds three bytes a pixel, as
 * a decode to RGB would. */
static void cc_pack_rgb_releasing(uint8_t *pixels, uint32_t width, uint32_t height) {
  size_t count = (size_t)width * height;
  for (size_t i = 0; i < count; i++) {
    uint8_t r = pixels[4 * i], g = pixels[4 * i + 1], b = pixels[4 * i + 2];
    pixels[3 * i] = r;
    pixels[3 * i + 1] = g;
    pixels[3 * i + 2] = b;
  }
  size_t released = count * 3;
  cc_release_rows(pixels, count * 4, &released);
}

/* Optimised Huffman tables without keeping the picture's coefficients. libjpeg optimises its
 * tables by keeping every quantised DCT coefficient (2 bytes per value: 36 MB for a 12 MP picture
 * at 4:2:0) and entropy-coding them in a second pass. For a large picture the shim instead makes
 * two streaming passes over the rows: the first transforms them as libjpeg would and only counts
 * the Huffman symbols (what libjpeg's own statistics pass counts, block by block), the second
 * encodes with the tables libjpeg builds from those counts (jpeg_gen_optimal_table). The bytes are
 * the same as libjpeg's; the transform runs twice. Progressive files keep libjpeg's way (each of
 * their scans needs the coefficients). */

/* libjpeg's table builder (jchuff.c), exported by libjpeg-turbo but not declared in its headers. */
extern void jpeg_gen_optimal_table(j_compress_ptr cinfo, JHUFF_TBL *htbl, long freq[]);

/* Above this many coefficient bytes, a baseline JPEG is written in two passes. */
#define CC_JPEG_TWO_PASS_BYTES ((size_t)16 << 20)
/* The largest magnitude category of an 8-bit JPEG's AC coefficients (libjpeg's MAX_COEF_BITS). */
#define CC_JPEG_MAX_COEF_BITS 10

/* The symbol counts of one pass, per Huffman table, and the destination that discards its bytes. */
typedef struct {
  struct jpeg_destination_mgr dest;
  JOCTET discard[4096];
  int last_dc[MAX_COMPS_IN_SCAN];
  long dc_counts[NUM_HUFF_TBLS][257];
  long ac_counts[NUM_HUFF_TBLS][257];
} cc_jpeg_census;

static void cc_census_reset(j_compress_ptr cinfo) {
  cc_jpeg_census *census = (cc_jpeg_census *)cinfo->client_data;
  cinfo->dest->next_output_byte = census->discard;
  cinfo->dest->free_in_buffer = sizeof(census->discard);
}

static boolean cc_census_empty(j_compress_ptr cinfo) {
  cc_census_reset(cinfo);
  return TRUE;
}

static void cc_census_term(j_compress_ptr cinfo) { (void)cinfo; }

/* The number of bits of a magnitude (0 for 0). */
static int cc_bits(int magnitude) {
  int bits = 0;
  while (magnitude) {
    bits++;
    magnitude >>= 1;
  }
  return bits;
}

/* Counts one block's symbols exactly as libjpeg's htest_one_block does. */
static void cc_census_block(j_compress_ptr cinfo, const JCOEF *block, int last_dc, long dc[],
                            long ac[]) {
  int diff = block[0] - last_dc;
  int bits = cc_bits(diff < 0 ? -diff : diff);
  if (bits > CC_JPEG_MAX_COEF_BITS + 1) ERREXIT(cinfo, JERR_BAD_DCT_COEF);
  dc[bits]++;
  int run = 0;
  for (int k = 1; k < DCTSIZE2; k++) {
    int value = block[jpeg_natural_order[k]];
    if (value == 0) {
      run++;
      continue;
    }
    for (; run > 15; run -= 16) ac[0xF0]++;
    bits = cc_bits(value < 0 ? -value : value);
    if (bits > CC_JPEG_MAX_COEF_BITS) ERREXIT(cinfo, JERR_BAD_DCT_COEF);
    ac[(run << 4) + bits]++;
    run = 0;
  }
  if (run > 0) ac[0]++;
}

/* Stands in for the entropy encoder's encode_mcu in the counting pass. */
static boolean cc_census_mcu(j_compress_ptr cinfo, JBLOCKROW *mcu) {
  cc_jpeg_census *census = (cc_jpeg_census *)cinfo->client_data;
  for (int b = 0; b < cinfo->blocks_in_MCU; b++) {
    int ci = cinfo->MCU_membership[b];
    jpeg_component_info *component = cinfo->cur_comp_info[ci];
    const JCOEF *block = mcu[b][0];
    cc_census_block(cinfo, block, census->last_dc[ci], census->dc_counts[component->dc_tbl_no],
                    census->ac_counts[component->ac_tbl_no]);
    census->last_dc[ci] = block[0];
  }
  return TRUE;
}

static void cc_census_finish(j_compress_ptr cinfo) { (void)cinfo; }

/* The fixed settings of every JPEG the shim writes. */
static void cc_jpeg_configure(j_compress_ptr cinfo, uint32_t width, uint32_t height,
                              cc_jpeg_input input, int quality, int chroma444, int progressive) {
  cinfo->image_width = width;
  cinfo->image_height = height;
  switch (input) {
    case CC_JPEG_IN_GRAY:
      cinfo->input_components = 1;
      cinfo->in_color_space = JCS_GRAYSCALE;
      break;
    case CC_JPEG_IN_CMYK:
    case CC_JPEG_IN_CMYK_AS_YCCK:
      cinfo->input_components = 4;
      cinfo->in_color_space = JCS_CMYK;
      break;
    case CC_JPEG_IN_RGB:
      cinfo->input_components = 3;
      cinfo->in_color_space = JCS_RGB;
      break;
    default:
      cinfo->input_components = 4;
      cinfo->in_color_space = JCS_EXT_RGBA;
  }
  jpeg_set_defaults(cinfo);
  if (input == CC_JPEG_IN_CMYK_AS_YCCK) jpeg_set_colorspace(cinfo, JCS_YCCK);
  jpeg_set_quality(cinfo, quality, TRUE);
  cinfo->dct_method = JDCT_ISLOW;
  cinfo->optimize_coding = TRUE;
  cinfo->smoothing_factor = 0;
  cinfo->restart_interval = 0;
  cinfo->density_unit = 0;
  cinfo->X_density = 1;
  cinfo->Y_density = 1;
  if (input == CC_JPEG_IN_RGBA || input == CC_JPEG_IN_RGB) {
    int h = chroma444 ? 1 : 2;
    cinfo->comp_info[0].h_samp_factor = h;
    cinfo->comp_info[0].v_samp_factor = h;
    for (int c = 1; c < 3; c++) {
      cinfo->comp_info[c].h_samp_factor = 1;
      cinfo->comp_info[c].v_samp_factor = 1;
    }
  } else if (input != CC_JPEG_IN_GRAY) {
    for (int c = 0; c < 4; c++) {
      cinfo->comp_info[c].h_samp_factor = 1;
      cinfo->comp_info[c].v_samp_factor = 1;
    }
  }
  if (progressive) jpeg_simple_progression(cinfo);
}

/* The bytes libjpeg would keep for the coefficients of a picture (2 per value; 4:2:0 has 1.5
 * values per pixel, 4:4:4 and CMYK 3 or 4, grayscale 1). */
static size_t cc_jpeg_coefficient_bytes(uint32_t width, uint32_t height, cc_jpeg_input input,
                                        int chroma444) {
  size_t pixels = (size_t)width * height;
  switch (input) {
    case CC_JPEG_IN_GRAY: return pixels * 2;
    case CC_JPEG_IN_RGBA:
    case CC_JPEG_IN_RGB: return chroma444 ? pixels * 6 : pixels * 3;
    default: return pixels * 8;
  }
}

/* Feeds every row to the compressor; with `release` gives the rows it has read back as it goes. */
static void cc_jpeg_feed(j_compress_ptr cinfo, uint8_t *pixels, size_t stride, int release) {
  size_t released = 0;
  while (cinfo->next_scanline < cinfo->image_height) {
    JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo->next_scanline * stride);
    jpeg_write_scanlines(cinfo, &row, 1);
    if (release && cinfo->next_scanline % 16 == 0)
      cc_release_rows(pixels, (size_t)cinfo->next_scanline * stride, &released);
  }
}

/* The counting pass: the rows transformed as the encoder will, their symbols counted. */
static void cc_jpeg_count(j_compress_ptr cinfo, cc_jpeg_census *census, uint8_t *pixels,
                          size_t stride) {
  cinfo->client_data = census;
  cinfo->dest = &census->dest;
  census->dest.init_destination = cc_census_reset;
  census->dest.empty_output_buffer = cc_census_empty;
  census->dest.term_destination = cc_census_term;
  cinfo->optimize_coding = FALSE;
  jpeg_start_compress(cinfo, TRUE);
  cinfo->entropy->encode_mcu = cc_census_mcu;
  cinfo->entropy->finish_pass = cc_census_finish;
  cc_jpeg_feed(cinfo, pixels, stride, 0);
  jpeg_finish_compress(cinfo);
}

/* Replaces the tables the picture's components use with the optimal ones for the counts. */
static void cc_jpeg_install_tables(j_compress_ptr cinfo, cc_jpeg_census *census) {
  boolean did_dc[NUM_HUFF_TBLS] = {FALSE}, did_ac[NUM_HUFF_TBLS] = {FALSE};
  for (int ci = 0; ci < cinfo->num_components; ci++) {
    int dc = cinfo->comp_info[ci].dc_tbl_no, ac = cinfo->comp_info[ci].ac_tbl_no;
    if (!did_dc[dc]) {
      if (cinfo->dc_huff_tbl_ptrs[dc] == NULL)
        cinfo->dc_huff_tbl_ptrs[dc] = jpeg_alloc_huff_table((j_common_ptr)cinfo);
      jpeg_gen_optimal_table(cinfo, cinfo->dc_huff_tbl_ptrs[dc], census->dc_counts[dc]);
      did_dc[dc] = TRUE;
    }
    if (!did_ac[ac]) {
      if (cinfo->ac_huff_tbl_ptrs[ac] == NULL)
        cinfo->ac_huff_tbl_ptrs[ac] = jpeg_alloc_huff_table((j_common_ptr)cinfo);
      jpeg_gen_optimal_table(cinfo, cinfo->ac_huff_tbl_ptrs[ac], census->ac_counts[ac]);
      did_ac[ac] = TRUE;
    }
  }
  cinfo->optimize_coding = FALSE;
}

/* cc_jpeg_encode; with `release` non-zero the rows libjpeg has read are given back as it goes
 * (libjpeg copies every row it is handed before jpeg_write_scanlines returns; in two passes only
 * the second gives them back). `passes`: 0 picks by size, 1 libjpeg's own, 2 two passes. */
static cc_status cc_jpeg_encode_rows(uint8_t *pixels, uint32_t width, uint32_t height,
                                     size_t stride, cc_jpeg_input input, int quality,
                                     int chroma444, int progressive, int release, int passes,
                                     uint8_t **out, size_t *out_length, char *err,
                                     size_t errlen) {
  *out = NULL;
  *out_length = 0;
  size_t bytes_per_pixel = input == CC_JPEG_IN_GRAY ? 1 : input == CC_JPEG_IN_RGB ? 3 : 4;
  if (input < CC_JPEG_IN_RGBA || input > CC_JPEG_IN_RGB) {
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
  if (passes == 0)
    passes = cc_jpeg_coefficient_bytes(width, height, input, chroma444) > CC_JPEG_TWO_PASS_BYTES
                 ? 2
                 : 1;
  int two_passes = passes == 2 && !progressive;
  if (release && input == CC_JPEG_IN_RGBA && stride == (size_t)width * 4) {
    cc_pack_rgb_releasing(pixels, width, height);
    input = CC_JPEG_IN_RGB;
    stride = (size_t)width * 3;
  }

  struct jpeg_compress_struct cinfo, census_info;
  cc_jpeg_error error;
  unsigned char *volatile buffer = NULL;
  unsigned long buffer_size = 0;
  cc_jpeg_census *volatile census = NULL;
  volatile int census_made = 0;
  cc_jpeg_error_init(&error, err, errlen);
  if (setjmp(error.jump)) {
    if (census_made) jpeg_destroy_compress(&census_info);
    jpeg_destroy_compress(&cinfo);
    free(census);
    free(buffer);
    return CC_BAD_ARGUMENT;
  }
  cinfo.err = &error.manager;
  jpeg_create_compress(&cinfo);
  if (two_passes) {
    census = calloc(1, sizeof(cc_jpeg_census));
    if (census == NULL) {
      jpeg_destroy_compress(&cinfo);
      cc_set_error(err, errlen, "out of memory");
      return CC_NO_MEMORY;
    }
    census_info.err = &error.manager;
    jpeg_create_compress(&census_info);
    census_made = 1;
    cc_jpeg_configure(&census_info, width, height, input, quality, chroma444, 0);
    cc_jpeg_count(&census_info, census, pixels, stride);
  }
  jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, &buffer_size);
  cc_jpeg_configure(&cinfo, width, height, input, quality, chroma444, progressive);
  if (two_passes) cc_jpeg_install_tables(&cinfo, census);
  jpeg_start_compress(&cinfo, TRUE);
  cc_jpeg_feed(&cinfo, pixels, stride, release);
  jpeg_finish_compress(&cinfo);
  if (census_made) jpeg_destroy_compress(&census_info);
  jpeg_destroy_compress(&cinfo);
  free(census);
  *out = buffer;
  *out_length = buffer_size;
  return CC_OK;
}

cc_status cc_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                         size_t stride, cc_jpeg_input input, int quality, int chroma444,
                         int progressive, uint8_t **out, size_t *out_length, char *err,
                         size_t errlen) {
  return cc_jpeg_encode_rows((uint8_t *)pixels, width, height, stride, input, quality, chroma444,
                             progressive, 0, 0, out, out_length, err, errlen);
}

cc_status cc_jpeg_encode_releasing(uint8_t *pixels, uint32_t width, uint32_t height,
                                   size_t stride, cc_jpeg_input input, int quality,
                                   int chroma444, int progressive, uint8_t **out,
                                   size_t *out_length, char *err, size_t errlen) {
  return cc_jpeg_encode_rows(pixels, width, height, stride, input, quality, chroma444,
                             progressive, 1, 0, out, out_length, err, errlen);
}

cc_status cc_test_jpeg_encode_passes(const uint8_t *pixels, uint32_t width, uint32_t height,
                                     size_t stride, cc_jpeg_input input, int quality,
                                     int chroma444, int progressive, int passes, uint8_t **out,
                                     size_t *out_length, char *err, size_t errlen) {
  if (passes != 1 && passes != 2) {
    cc_set_error(err, errlen, "passes must be 1 or 2");
    return CC_BAD_ARGUMENT;
  }
  return cc_jpeg_encode_rows((uint8_t *)pixels, width, height, stride, input, quality, chroma444,
                             progressive, 0, passes, out, out_length, err, errlen);
}
