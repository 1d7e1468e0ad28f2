/* png-options: how fast and how small each PNG encoder setting is on real outputs.
 *
 *   png-options [--rounds N] [--only TEXT] FILE.png...
 *
 * Decodes every file with the shim (Sources/CCodecs), then for each setting encodes all of them
 * (as RGB when the file is opaque, RGBA otherwise: what captcha-gen writes), N rounds, and prints
 * the total size and the fastest round's CPU time, relative to captcha-gen's setting before issue
 * 13 (zlib level 6, Z_FILTERED, libpng's adaptive filters); libdeflate goes through png_deflate.c.
 * Every output is decoded again and compared with the input pixels; a mismatch stops the
 * program. The shim's own writer (cc_png_write, what captcha-gen runs) is also checked to
 * filter every row as libpng does: its inflated IDAT data must equal that of libpng's output.
 * Linked with the shim's own C files by the Makefile's `bench-png` target. `--only TEXT` runs
 * the first setting (the reference) and those whose name contains TEXT. */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "ccodecs_internal.h"
#include "png_deflate.h"

typedef struct {
  uint8_t *pixels;
  uint32_t width, height;
  cc_png_layout layout;
} image;

typedef struct {
  const char *name;
  int deflate; /* 1: libdeflate writer, 0: libpng + zlib, 2: the shim's own writer and deflate */
  int level;
  int strategy;      /* zlib only */
  int filter;        /* libdeflate: 0-4 or -1 adaptive; zlib: libpng filter mask */
} setting;

static const setting settings[] = {
    {"zlib 6 filtered, adaptive (before)", 0, 6, Z_FILTERED, PNG_ALL_FILTERS},
    {"zlib 6 default, adaptive", 0, 6, Z_DEFAULT_STRATEGY, PNG_ALL_FILTERS},
    {"zlib 9 filtered, adaptive", 0, 9, Z_FILTERED, PNG_ALL_FILTERS},
    {"zlib 4 filtered, adaptive", 0, 4, Z_FILTERED, PNG_ALL_FILTERS},
    {"zlib 3 filtered, adaptive", 0, 3, Z_FILTERED, PNG_ALL_FILTERS},
    {"zlib 2 filtered, adaptive", 0, 2, Z_FILTERED, PNG_ALL_FILTERS},
    {"zlib 1 filtered, adaptive", 0, 1, Z_FILTERED, PNG_ALL_FILTERS},
    {"zlib rle, adaptive (previous)", 0, 6, Z_RLE, PNG_ALL_FILTERS},
    {"own deflate, adaptive (chosen)", 2, 0, 0, PNG_ALL_FILTERS},
    {"zlib rle, paeth", 0, 6, Z_RLE, PNG_FILTER_PAETH},
    {"zlib rle, sub", 0, 6, Z_RLE, PNG_FILTER_SUB},
    {"zlib rle, up", 0, 6, Z_RLE, PNG_FILTER_UP},
    {"zlib huffman only, adaptive", 0, 6, Z_HUFFMAN_ONLY, PNG_ALL_FILTERS},
    {"zlib 6 filtered, paeth", 0, 6, Z_FILTERED, PNG_FILTER_PAETH},
    {"zlib 6 filtered, sub", 0, 6, Z_FILTERED, PNG_FILTER_SUB},
    {"zlib 6 filtered, up", 0, 6, Z_FILTERED, PNG_FILTER_UP},
    {"zlib 6 filtered, none", 0, 6, Z_FILTERED, PNG_FILTER_NONE},
    {"zlib 1 filtered, sub", 0, 1, Z_FILTERED, PNG_FILTER_SUB},
    {"libdeflate 1, adaptive", 1, 1, 0, -1},
    {"libdeflate 2, adaptive", 1, 2, 0, -1},
    {"libdeflate 3, adaptive", 1, 3, 0, -1},
    {"libdeflate 4, adaptive", 1, 4, 0, -1},
    {"libdeflate 5, adaptive", 1, 5, 0, -1},
    {"libdeflate 6, adaptive", 1, 6, 0, -1},
    {"libdeflate 8, adaptive", 1, 8, 0, -1},
    {"libdeflate 10, adaptive", 1, 10, 0, -1},
    {"libdeflate 12, adaptive", 1, 12, 0, -1},
    {"libdeflate 6, paeth", 1, 6, 0, 4},
    {"libdeflate 6, sub", 1, 6, 0, 1},
    {"libdeflate 6, up", 1, 6, 0, 2},
    {"libdeflate 6, none", 1, 6, 0, 0},
    {"libdeflate 4, paeth", 1, 4, 0, 4},
    {"libdeflate 1, sub", 1, 1, 0, 1},
};

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); /* CPU time: others' load on a shared machine matters less */
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static uint8_t *read_file(const char *path, size_t *length) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) return NULL;
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  uint8_t *bytes = malloc((size_t)size);
  if (bytes != NULL && fread(bytes, 1, (size_t)size, f) != (size_t)size) {
    free(bytes);
    bytes = NULL;
  }
  fclose(f);
  *length = (size_t)size;
  return bytes;
}

static int decode(const uint8_t *data, size_t length, image *out) {
  char err[256];
  uint32_t w, h;
  if (cc_png_read_size(data, length, &w, &h, err, sizeof err) != CC_OK) return 0;
  out->pixels = malloc((size_t)w * h * 4);
  if (cc_png_decode_rgba(data, length, 1u << 30, out->pixels, (size_t)w * h * 4, &out->width,
                         &out->height, err, sizeof err) != CC_OK)
    return 0;
  out->layout = CC_PNG_RGB_FROM_RGBA;
  for (size_t i = 3; i < (size_t)w * h * 4; i += 4)
    if (out->pixels[i] != 255) out->layout = CC_PNG_RGBA;
  return 1;
}

/* The decompressed IDAT data of a PNG (filter bytes and filtered rows), malloc'd; NULL if it
 * does not inflate. */
static uint8_t *idat_data(const uint8_t *png, size_t length, size_t *raw_length) {
  uint8_t *z = malloc(length);
  size_t z_length = 0;
  for (size_t at = 8; at + 12 <= length;) {
    size_t n = (size_t)png[at] << 24 | (size_t)png[at + 1] << 16 | (size_t)png[at + 2] << 8 |
               png[at + 3];
    if (memcmp(png + at + 4, "IDAT", 4) == 0) {
      memcpy(z + z_length, png + at + 8, n);
      z_length += n;
    }
    at += 12 + n;
  }
  size_t capacity = 4 * length + 1024;
  uint8_t *raw = NULL;
  for (;;) {
    raw = realloc(raw, capacity);
    uLongf n = capacity;
    int r = uncompress(raw, &n, z, z_length);
    if (r == Z_OK) {
      *raw_length = n;
      break;
    }
    if (r != Z_BUF_ERROR) {
      free(raw);
      raw = NULL;
      break;
    }
    capacity *= 2;
  }
  free(z);
  return raw;
}

static size_t encode(const setting *s, const image *im, int check) {
  uint8_t *out = NULL;
  size_t length = 0;
  char err[256];
  size_t stride = (size_t)im->width * 4;
  cc_status status =
      s->deflate == 1 ? cc_png_encode_deflate(im->pixels, im->width, im->height, stride, im->layout,
                                              s->level, s->filter, &out, &length, err, sizeof err)
      : s->deflate == 2
          ? cc_png_write(im->pixels, im->width, im->height, stride, im->layout, &out, &length, err,
                         sizeof err)
          : cc_png_encode_zlib(im->pixels, im->width, im->height, stride, im->layout, s->level,
                               s->strategy, s->filter, &out, &length, err, sizeof err);
  if (status != CC_OK) {
    fprintf(stderr, "png-options: %s: %s\n", s->name, err);
    exit(1);
  }
  if (check && s->deflate == 2) {
    /* The own writer must filter the rows as libpng does with all five filters: the same
     * decompressed IDAT data (filter bytes and filtered rows). */
    uint8_t *ref = NULL;
    size_t ref_length = 0;
    if (cc_png_encode_zlib(im->pixels, im->width, im->height, stride, im->layout, 6, Z_RLE,
                           PNG_ALL_FILTERS, &ref, &ref_length, err, sizeof err) != CC_OK) {
      fprintf(stderr, "png-options: libpng: %s\n", err);
      exit(1);
    }
    size_t raw_length = 0, ref_raw_length = 0;
    uint8_t *raw = idat_data(out, length, &raw_length);
    uint8_t *ref_raw = idat_data(ref, ref_length, &ref_raw_length);
    if (raw == NULL || ref_raw == NULL || raw_length != ref_raw_length ||
        memcmp(raw, ref_raw, raw_length) != 0) {
      fprintf(stderr, "png-options: %s filters a %ux%u image unlike libpng\n", s->name, im->width,
              im->height);
      exit(1);
    }
    free(raw);
    free(ref_raw);
    cc_free(ref);
  }
  if (check) {
    image back;
    if (!decode(out, length, &back) || back.width != im->width || back.height != im->height ||
        memcmp(back.pixels, im->pixels, (size_t)im->width * im->height * 4) != 0) {
      fprintf(stderr, "png-options: %s changes the pixels of a %ux%u image\n", s->name, im->width,
              im->height);
      exit(1);
    }
    free(back.pixels);
  }
  cc_free(out);
  return length;
}

int main(int argc, char **argv) {
  int rounds = 5, first = 1;
  const char *only = NULL;
  for (;;) {
    if (argc > first + 1 && strcmp(argv[first], "--rounds") == 0) {
      rounds = atoi(argv[first + 1]);
      first += 2;
    } else if (argc > first + 1 && strcmp(argv[first], "--only") == 0) {
      only = argv[first + 1];
      first += 2;
    } else {
      break;
    }
  }
  int count = argc - first;
  if (count < 1 || rounds < 1) {
    fprintf(stderr, "usage: png-options [--rounds N] [--only TEXT] FILE.png...\n");
    return 64;
  }
  image *images = calloc((size_t)count, sizeof *images);
  uint64_t pixels = 0;
  for (int i = 0; i < count; i++) {
    size_t length;
    uint8_t *data = read_file(argv[first + i], &length);
    if (data == NULL || !decode(data, length, &images[i])) {
      fprintf(stderr, "png-options: %s: not a readable PNG\n", argv[first + i]);
      return 65;
    }
    free(data);
    pixels += (uint64_t)images[i].width * images[i].height;
  }
  printf("%d images, %.2f MP, fastest of %d rounds\n", count, pixels / 1e6, rounds);
  printf("%-36s %10s %7s %9s %7s\n", "setting", "size KB", "size", "CPU ms", "speed");
  double base_size = 0, base_time = 0;
  for (size_t k = 0; k < sizeof settings / sizeof settings[0]; k++) {
    const setting *s = &settings[k];
    if (k > 0 && only != NULL && strstr(s->name, only) == NULL) continue;
    size_t total = 0;
    double best = 1e30;
    for (int r = 0; r < rounds; r++) {
      double t0 = now();
      size_t sum = 0;
      for (int i = 0; i < count; i++) sum += encode(s, &images[i], r == 0);
      double t = now() - t0;
      if (r > 0 || rounds == 1) best = t < best ? t : best;
      total = sum;
    }
    if (k == 0) {
      base_size = (double)total;
      base_time = best;
    }
    printf("%-36s %10.1f %6.3fx %9.1f %6.2fx\n", s->name, total / 1024.0, total / base_size,
           best * 1000, base_time / best);
  }
  return 0;
}
