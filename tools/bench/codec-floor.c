/* codec-floor: the decode + encode-only baseline for `make bench`.
 *
 * It does what `captcha-gen make` cannot avoid doing and nothing else: read the input, decode it
 * with libpng or libjpeg-turbo, encode a background and a piece of the default size (3/8 of the
 * shorter side of the output) with libpng/libjpeg-turbo, and write piece.png, background.png or
 * background.jpg and answer.json the way captcha-gen does (unnamed temporary files, fsync, links). No
 * resizing, no shape, no hole: the piece is a disc cut from the centre.
 *
 *   codec-floor png  IN.png OUTDIR [--no-fsync]          PNG in, PNG background out
 *   codec-floor jpeg IN.jpg OUTDIR [--no-fsync]          JPEG in, JPEG background out (quality 90)
 *   codec-floor jpeg-size IN.jpg OUTDIR W H [--no-fsync] JPEG decoded at the smallest DCT scale
 *       (1/1, 1/2, 1/4, 1/8) still >= W x H; the background is a W x H crop of it, PNG out
 *
 * Both encoders use captcha-gen's fixed settings: PNG zlib Z_RLE after libpng's adaptive filters
 * (an earlier version used level 6 Z_FILTERED, libpng's default); the JPEG is captcha-gen's own
 * encoder (the shim's cc_jpeg_encode: quality 90, 4:2:0, integer DCT, optimised Huffman tables,
 * a large picture in two streaming passes). So the floor moves with the encoder choice and the
 * ratio measures everything else. Build: the Makefile's rule (with the shim's JPEG files). */
#define _GNU_SOURCE /* sync_file_range */
#include <errno.h>
#include <fcntl.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <jpeglib.h>

#include "ccodecs.h"

static int durable = 1;

static void die(const char *what, const char *why) {
  fprintf(stderr, "codec-floor: %s: %s\n", what, why);
  exit(1);
}

static unsigned char *read_file(const char *path, size_t *length) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) die(path, strerror(errno));
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *bytes = malloc((size_t)size);
  if (bytes == NULL || fread(bytes, 1, (size_t)size, f) != (size_t)size) die(path, "cannot read");
  fclose(f);
  *length = (size_t)size;
  return bytes;
}

/* The files are written as AtomicFile.swift writes a captcha's files on Linux: each to an unnamed
 * temporary file (O_TMPFILE) in the same folder (write-back started at once unless --no-fsync),
 * and at the end all are fsynced (unless --no-fsync; last-written first) and then linked into
 * place; a file that exists already is replaced by linking it under a temporary name and renaming
 * that (commit_files). */
typedef struct {
  char path[4096];
  int fd;
} staged_file;

static staged_file staged[3];
static int staged_count = 0;

static void write_atomically(const char *dir, const char *name, const void *bytes, size_t length) {
  if (staged_count == 3) die(name, "too many files");
  staged_file *f = &staged[staged_count++];
  snprintf(f->path, sizeof f->path, "%s/%s", dir, name);
  f->fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
  if (f->fd < 0) die(dir, strerror(errno));
  const unsigned char *p = bytes;
  while (length > 0) {
    ssize_t n = write(f->fd, p, length);
    if (n < 0) die(f->path, strerror(errno));
    p += n;
    length -= (size_t)n;
  }
  if (durable) sync_file_range(f->fd, 0, 0, SYNC_FILE_RANGE_WRITE);
}

static void commit_files(void) {
  for (int i = staged_count - 1; i >= 0; i--) { /* last-written first, as AtomicFile does */
    if (durable && fsync(staged[i].fd) != 0) die(staged[i].path, strerror(errno));
  }
  for (int i = 0; i < staged_count; i++) {
    char proc[64], tmp[4200];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", staged[i].fd);
    if (linkat(AT_FDCWD, proc, AT_FDCWD, staged[i].path, AT_SYMLINK_FOLLOW) != 0) {
      if (errno != EEXIST) die(staged[i].path, strerror(errno));
      snprintf(tmp, sizeof tmp, "%.4000s.tmp-%d", staged[i].path, (int)getpid());
      if (linkat(AT_FDCWD, proc, AT_FDCWD, tmp, AT_SYMLINK_FOLLOW) != 0) die(tmp, strerror(errno));
      if (rename(tmp, staged[i].path) != 0) die(staged[i].path, strerror(errno));
    }
    close(staged[i].fd);
  }
}

/* ---- PNG ---- */

/* libpng's classic API with captcha-gen's settings (ccodecs_png.c): zlib Z_RLE, window 15,
 * memLevel 8, libpng's adaptive filters, no ancillary chunks. The output buffer grows as needed. */
typedef struct {
  unsigned char *bytes;
  size_t length, capacity;
} membuf;

static void on_write(png_structp png, png_bytep data, size_t count) {
  membuf *b = png_get_io_ptr(png);
  if (b->length + count > b->capacity) {
    b->capacity = (b->length + count) * 2;
    b->bytes = realloc(b->bytes, b->capacity);
    if (b->bytes == NULL) png_error(png, "out of memory");
  }
  memcpy(b->bytes + b->length, data, count);
  b->length += count;
}

static void on_flush(png_structp png) { (void)png; }

static void encode_png(const char *dir, const char *name, const unsigned char *pixels,
                       unsigned width, unsigned height, int channels) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png_create_info_struct(png);
  if (png == NULL || info == NULL || setjmp(png_jmpbuf(png))) die(name, "PNG encoding failed");
  membuf out = {NULL, 0, 0};
  png_set_write_fn(png, &out, on_write, on_flush);
  png_set_compression_level(png, 6);
  png_set_compression_mem_level(png, 8);
  png_set_compression_window_bits(png, 15);
  png_set_compression_strategy(png, Z_RLE);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_ALL_FILTERS);
  png_set_IHDR(png, info, width, height, 8, channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_write_info(png, info);
  for (unsigned y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * width * channels);
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  write_atomically(dir, name, out.bytes, out.length);
  free(out.bytes);
}

static unsigned char *decode_png(const unsigned char *data, size_t length, unsigned *width,
                                 unsigned *height) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, data, length)) die("png", image.message);
  image.format = PNG_FORMAT_RGB;
  unsigned char *pixels = malloc(PNG_IMAGE_SIZE(image));
  if (pixels == NULL) die("png", "out of memory");
  if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) die("png", image.message);
  *width = image.width;
  *height = image.height;
  return pixels;
}

/* ---- JPEG ---- */

static unsigned char *decode_jpeg(const unsigned char *data, size_t length, unsigned want_w,
                                  unsigned want_h, unsigned *width, unsigned *height) {
  struct jpeg_decompress_struct cinfo;
  struct jpeg_error_mgr jerr;
  cinfo.err = jpeg_std_error(&jerr);
  jpeg_create_decompress(&cinfo);
  jpeg_mem_src(&cinfo, data, (unsigned long)length);
  jpeg_read_header(&cinfo, TRUE);
  cinfo.out_color_space = JCS_RGB;
  cinfo.dct_method = JDCT_ISLOW;
  cinfo.scale_num = 1;
  cinfo.scale_denom = 1;
  for (unsigned denom = 8; denom > 1 && want_w > 0; denom /= 2) {
    unsigned w = (cinfo.image_width + denom - 1) / denom, h = (cinfo.image_height + denom - 1) / denom;
    if (w >= want_w && h >= want_h) {
      cinfo.scale_denom = denom;
      break;
    }
  }
  jpeg_start_decompress(&cinfo);
  size_t stride = (size_t)cinfo.output_width * 3;
  unsigned char *pixels = malloc(stride * cinfo.output_height);
  if (pixels == NULL) die("jpeg", "out of memory");
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = pixels + (size_t)cinfo.output_scanline * stride;
    jpeg_read_scanlines(&cinfo, &row, 1);
  }
  *width = cinfo.output_width;
  *height = cinfo.output_height;
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  return pixels;
}

static void encode_jpeg(const char *dir, const char *name, const unsigned char *pixels,
                        unsigned width, unsigned height) {
  uint8_t *out = NULL;
  size_t size = 0;
  char err[256];
  if (cc_jpeg_encode(pixels, width, height, (size_t)width * 3, CC_JPEG_IN_RGB, 90, 0, 0, &out, &size,
                     err, sizeof err) != CC_OK)
    die("jpeg", err);
  write_atomically(dir, name, out, size);
  free(out);
}

/* ---- the job ---- */

/* An RGBA copy of the size x size square at (x, y) of an RGB image, transparent (and black)
 * outside the inscribed disc, so the piece compresses like a real one (no anti-aliasing). */
static unsigned char *crop_rgba(const unsigned char *rgb, unsigned width, unsigned x, unsigned y,
                                unsigned size) {
  unsigned char *piece = malloc((size_t)size * size * 4);
  if (piece == NULL) die("piece", "out of memory");
  for (unsigned j = 0; j < size; j++) {
    const unsigned char *src = rgb + ((size_t)(y + j) * width + x) * 3;
    unsigned char *dst = piece + (size_t)j * size * 4;
    long dy = 2 * (long)j + 1 - (long)size;
    for (unsigned i = 0; i < size; i++) {
      long dx = 2 * (long)i + 1 - (long)size;
      int inside = dx * dx + dy * dy <= (long)size * size;
      dst[i * 4] = inside ? src[i * 3] : 0;
      dst[i * 4 + 1] = inside ? src[i * 3 + 1] : 0;
      dst[i * 4 + 2] = inside ? src[i * 3 + 2] : 0;
      dst[i * 4 + 3] = inside ? 255 : 0;
    }
  }
  return piece;
}

static void write_answer(const char *dir, const char *background, unsigned width, unsigned height,
                         unsigned piece) {
  char json[512];
  int n = snprintf(json, sizeof json,
                   "{\"schema\":1,\"background\":{\"file\":\"%s\",\"width\":%u,\"height\":%u},"
                   "\"piece\":{\"file\":\"piece.png\",\"width\":%u,\"height\":%u}}\n",
                   background, width, height, piece, piece);
  write_atomically(dir, "answer.json", json, (size_t)n);
}

int main(int argc, char **argv) {
  int args = 0;
  char *arg[6];
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--no-fsync") == 0) {
      durable = 0;
    } else if (args < 6) {
      arg[args++] = argv[i];
    }
  }
  int sized = args == 5 && strcmp(arg[0], "jpeg-size") == 0;
  if (!(args == 3 && (strcmp(arg[0], "png") == 0 || strcmp(arg[0], "jpeg") == 0)) && !sized) {
    fprintf(stderr, "usage: codec-floor png|jpeg IN OUTDIR [--no-fsync]\n"
                    "       codec-floor jpeg-size IN OUTDIR W H [--no-fsync]\n");
    return 64;
  }
  const char *dir = arg[2];
  if (mkdir(dir, 0755) != 0 && errno != EEXIST) die(dir, strerror(errno));
  size_t length;
  unsigned char *data = read_file(arg[1], &length);
  unsigned width, height, want_w = 0, want_h = 0;
  if (sized) {
    want_w = (unsigned)atoi(arg[3]);
    want_h = (unsigned)atoi(arg[4]);
  }
  unsigned char *rgb = strcmp(arg[0], "png") == 0
                           ? decode_png(data, length, &width, &height)
                           : decode_jpeg(data, length, want_w, want_h, &width, &height);
  free(data);
  unsigned out_w = sized ? want_w : width, out_h = sized ? want_h : height;
  if (out_w > width || out_h > height) die(arg[1], "smaller than the requested size");
  unsigned x0 = (width - out_w) / 2, y0 = (height - out_h) / 2;
  unsigned short_side = out_w < out_h ? out_w : out_h;
  unsigned piece = short_side * 3 / 8 < 16 ? 16 : short_side * 3 / 8;

  unsigned char *tile = crop_rgba(rgb, width, x0 + (out_w - piece) / 2, y0 + (out_h - piece) / 2, piece);
  encode_png(dir, "piece.png", tile, piece, piece, 4);
  free(tile);
  const char *background = strcmp(arg[0], "jpeg") == 0 ? "background.jpg" : "background.png";
  if (strcmp(arg[0], "jpeg") == 0) {
    encode_jpeg(dir, background, rgb, width, height);
  } else if (sized) {
    unsigned char *window = malloc((size_t)out_w * out_h * 3);
    if (window == NULL) die("background", "out of memory");
    for (unsigned j = 0; j < out_h; j++)
      memcpy(window + (size_t)j * out_w * 3, rgb + ((size_t)(y0 + j) * width + x0) * 3,
             (size_t)out_w * 3);
    encode_png(dir, background, window, out_w, out_h, 3);
    free(window);
  } else {
    encode_png(dir, background, rgb, width, height, 3);
  }
  write_answer(dir, background, out_w, out_h, piece);
  commit_files();
  free(rgb);
  return 0;
}
