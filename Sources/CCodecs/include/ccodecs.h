#ifndef CCODECS_H
#define CCODECS_H
/* C shim over libpng, libjpeg-turbo and libwebp. Every function here does one whole operation and
 * contains all setjmp/longjmp error handling, so Swift is never longjmp'd through.
 *
 * Conventions:
 * - Every operation returns a cc_status. When it is not CC_OK and `err` is not NULL, a
 *   NUL-terminated message from the library is copied into err[0..<errlen].
 * - Decoding is two calls: *_read_size reads the header only, the caller checks the pixel
 *   limit and allocates width*height*4 bytes, then *_decode_rgba fills that buffer. The
 *   decoder checks the limit and the capacity again before decompressing. (The caller owns
 *   the pixel memory, so Swift can decode straight into an Array without a copy.)
 * - Encoders return a malloc'd buffer through `out` (NULL on failure) that the caller
 *   releases with cc_free.
 * - Encoders use fixed settings so the same pixels always give the same bytes. */
#include <stddef.h>
#include <stdint.h>

typedef enum {
  CC_OK = 0,
  /* Not decodable: corrupt, truncated or unsupported data. */
  CC_CORRUPT = 1,
  /* The header claims more pixels than the caller allows. */
  CC_TOO_LARGE = 2,
  /* An allocation failed. */
  CC_NO_MEMORY = 3,
  /* The caller passed invalid arguments (sizes, quality, format). */
  CC_BAD_ARGUMENT = 4,
} cc_status;

/* Releases a buffer returned by any cc_* function. NULL is fine. */
void cc_free(void *buffer);

/* ---- PNG ---- */

/* Reads the PNG header only: width and height. */
cc_status cc_png_read_size(const uint8_t *data, size_t length, uint32_t *width,
                           uint32_t *height, char *err, size_t errlen);

/* Decodes any PNG (every colour type, bit depth 1-16, palette + tRNS, Adam7) to 8-bit
 * straight-alpha sRGB RGBA (gAMA/sRGB chunks honoured; no colour information, at any bit
 * depth, means sRGB; bKGD is ignored since alpha is kept) into buffer (width*height*4 bytes, rows top to bottom). Refuses
 * images with more than max_pixels pixels (CC_TOO_LARGE) or that do not fit in capacity
 * (CC_BAD_ARGUMENT) before decompressing. With capacity >= width*height*4 + height, a plain
 * 8-bit RGB/RGBA file is inflated into the buffer itself by a faster path (same pixels). */
cc_status cc_png_decode_rgba(const uint8_t *data, size_t length, uint64_t max_pixels,
                             uint8_t *buffer, size_t capacity, uint32_t *width,
                             uint32_t *height, char *err, size_t errlen);

typedef enum {
  /* 1 byte per pixel in, 8-bit grayscale PNG out. */
  CC_PNG_GRAY = 1,
  /* 4 bytes per pixel in (RGBA), 8-bit RGB PNG out: the 4th byte is dropped. */
  CC_PNG_RGB_FROM_RGBA = 3,
  /* 4 bytes per pixel in, 8-bit RGBA PNG out. */
  CC_PNG_RGBA = 4,
} cc_png_layout;

/* Encodes pixels (rows of `stride` bytes) to a PNG in memory with fixed settings: no
 * interlace, all five row filters with libpng's adaptive choice, and no ancillary chunks at all
 * (no tIME, gAMA, sRGB, text). The rows are compressed by the shim's own deflate encoder
 * (literals and runs of a repeated byte, Huffman-coded), so the bytes depend on the pixels only,
 * not on the zlib version. */
cc_status cc_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                        size_t stride, cc_png_layout layout, uint8_t **out,
                        size_t *out_length, char *err, size_t errlen);

/* ---- PNG: for tests only (captcha-gen itself does not call these) ---- */

/* The PNG libpng + zlib write with the settings cc_png_encode used before the shim's own
 * deflate encoder (zlib Z_RLE, window 15, memLevel 8, libpng's adaptive filters): the reference
 * that tests compare sizes and filtered rows with. */
cc_status cc_test_png_encode_libpng(const uint8_t *pixels, uint32_t width, uint32_t height,
                                    size_t stride, cc_png_layout layout, uint8_t **out,
                                    size_t *out_length, char *err, size_t errlen);

/* The zlib stream the shim's deflate encoder makes of data[0..<length], given to it in pieces
 * of `piece` bytes (0: all at once) with `size_hint` as the expected length. */
cc_status cc_test_deflate(const uint8_t *data, size_t length, size_t piece, uint64_t size_hint,
                          uint8_t **out, size_t *out_length);

/* zlib's uncompress: the zlib stream data[0..<length] into buffer[0..<capacity], its length in
 * *out_length. CC_CORRUPT when zlib rejects the stream (a bad code, length or Adler-32) or the
 * result does not fit. */
cc_status cc_test_inflate(const uint8_t *data, size_t length, uint8_t *buffer, size_t capacity,
                          size_t *out_length);

/* The plain-PNG fast path alone (ccodecs_png_plain.c) on a file of the given size: 1 when it
 * decoded the file into buffer (capacity >= width*height*4 + height), 0 when it left the file
 * to libpng. */
int cc_test_png_decode_plain(const uint8_t *data, size_t length, uint8_t *buffer, size_t capacity,
                             uint32_t width, uint32_t height);

/* ---- JPEG ---- */

/* Reads the JPEG header only: stored width, height and the EXIF orientation (1-8, 1 when
 * absent or unreadable). */
cc_status cc_jpeg_read_size(const uint8_t *data, size_t length, uint32_t *width,
                            uint32_t *height, int *orientation, char *err, size_t errlen);

/* Decodes a baseline, progressive, grayscale, RGB, CMYK or YCCK JPEG to 8-bit RGBA
 * (alpha 255) into buffer (width*height*4 bytes as stored: orientation NOT applied; it is
 * reported in *orientation, 1-8). Adobe CMYK/YCCK files are taken as inverted CMYK
 * (Photoshop's convention). Premature end of data and broken entropy-coded data are
 * errors, not warnings. Refuses images with more than max_pixels pixels (CC_TOO_LARGE) or
 * that do not fit in capacity (CC_BAD_ARGUMENT) before decompressing. */
cc_status cc_jpeg_decode_rgba(const uint8_t *data, size_t length, uint64_t max_pixels,
                              uint8_t *buffer, size_t capacity, uint32_t *width,
                              uint32_t *height, int *orientation, char *err, size_t errlen);

/* Like cc_jpeg_decode_rgba, but decodes at scale 1/scale_denom (1, 2, 4 or 8; anything else is
 * CC_BAD_ARGUMENT) with libjpeg-turbo's reduced-size inverse DCT: the output is
 * ceil(width / scale_denom) x ceil(height / scale_denom), reported in *width and *height, and
 * buffer must hold that many pixels * 4. max_pixels applies to the stored (full) size. */
cc_status cc_jpeg_decode_rgba_scaled(const uint8_t *data, size_t length, uint64_t max_pixels,
                                     uint32_t scale_denom, uint8_t *buffer, size_t capacity,
                                     uint32_t *width, uint32_t *height, int *orientation,
                                     char *err, size_t errlen);

/* Like cc_jpeg_decode_rgba_scaled, but writes only the output rows [first_row, first_row +
 * row_count) (clamped to the picture), each in its place in buffer, which holds the whole output.
 * The rows above the band are skipped with jpeg_skip_scanlines (entropy-decoded, not transformed)
 * and the rows below it are not read, so calls on disjoint bands may run at the same time on
 * different threads; together they write exactly what one whole decode writes. The band that
 * ends at the last row also reads the data to the end of the image, with its errors. */
cc_status cc_jpeg_decode_rgba_band(const uint8_t *data, size_t length, uint64_t max_pixels,
                                   uint32_t scale_denom, uint32_t first_row, uint32_t row_count,
                                   uint8_t *buffer, size_t capacity, uint32_t *width,
                                   uint32_t *height, int *orientation, char *err, size_t errlen);

typedef enum {
  /* 4 bytes per pixel (RGBA); the 4th byte is ignored. Written as YCbCr. */
  CC_JPEG_IN_RGBA = 0,
  /* 1 byte per pixel, written as a grayscale JPEG. */
  CC_JPEG_IN_GRAY = 1,
  /* 4 bytes per pixel, Adobe-inverted CMYK, written as a CMYK JPEG with an Adobe marker. */
  CC_JPEG_IN_CMYK = 2,
  /* 4 bytes per pixel, Adobe-inverted CMYK, written as a YCCK JPEG with an Adobe marker. */
  CC_JPEG_IN_CMYK_AS_YCCK = 3,
  /* 3 bytes per pixel (RGB). Written as YCbCr, like CC_JPEG_IN_RGBA (the benchmarks' floor). */
  CC_JPEG_IN_RGB = 4,
} cc_jpeg_input;

/* Encodes pixels (rows of `stride` bytes) to a JPEG in memory with fixed settings: JFIF 1.01 header with density 1:1 and no other markers, accurate integer
 * DCT, optimized Huffman tables, standard quantisation tables scaled by `quality` (1-100),
 * chroma 4:2:0 (or 4:4:4 when chroma444 is non-zero). A non-zero `progressive` writes
 * libjpeg's standard progressive scan script instead of one baseline scan. */
cc_status cc_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                         size_t stride, cc_jpeg_input input, int quality, int chroma444,
                         int progressive, uint8_t **out, size_t *out_length, char *err,
                         size_t errlen);

/* cc_jpeg_encode for pixels the caller no longer needs: as libjpeg reads rows (it copies each
 * before returning), the whole memory pages they occupy are given back to the system
 * (madvise MADV_DONTNEED; they read as zeros afterwards). A large baseline picture is encoded
 * in two streaming passes (the first counts the Huffman symbols), so its coefficients are never
 * kept and its rows are given back during the second; a progressive one keeps libjpeg's way, whose
 * coefficients (1.5 values of 2 bytes per pixel at 4:2:0) grow as its rows are given back.
 * Tightly stored RGBA (stride width * 4) is first packed into RGB in place and the last quarter
 * of the buffer given back; the file is the same. */
cc_status cc_jpeg_encode_releasing(uint8_t *pixels, uint32_t width, uint32_t height,
                                   size_t stride, cc_jpeg_input input, int quality,
                                   int chroma444, int progressive, uint8_t **out,
                                   size_t *out_length, char *err, size_t errlen);

/* For tests only: cc_jpeg_encode with the Huffman tables optimised by libjpeg itself (passes 1:
 * it keeps every coefficient) or by the shim's two streaming passes (passes 2), which a picture
 * above 16 MB of coefficients gets. Both give the same bytes. */
cc_status cc_test_jpeg_encode_passes(const uint8_t *pixels, uint32_t width, uint32_t height,
                                     size_t stride, cc_jpeg_input input, int quality,
                                     int chroma444, int progressive, int passes, uint8_t **out,
                                     size_t *out_length, char *err, size_t errlen);

/* ---- WebP ---- */

/* Reads a WebP header only: width and height. An animated WebP is CC_CORRUPT with a sentence. */
cc_status cc_webp_read_size(const uint8_t *data, size_t length, uint32_t *width,
                            uint32_t *height, char *err, size_t errlen);

/* Decodes a still WebP (lossy or lossless, with or without alpha) to 8-bit straight-alpha RGBA
 * into buffer (width*height*4 bytes). Refuses more than max_pixels pixels (CC_TOO_LARGE) or a
 * buffer that is too small (CC_BAD_ARGUMENT) before decoding. */
cc_status cc_webp_decode_rgba(const uint8_t *data, size_t length, uint64_t max_pixels,
                              uint8_t *buffer, size_t capacity, uint32_t *width,
                              uint32_t *height, char *err, size_t errlen);

/* The quality that asks cc_webp_encode for a lossless file. */
#define CC_WEBP_LOSSLESS 0

/* Encodes RGBA pixels (rows of `stride` bytes) to a WebP in memory with fixed settings on the
 * calling thread: lossless (every pixel exact, colours under transparent pixels kept) when
 * quality is CC_WEBP_LOSSLESS, else lossy VP8 at `quality` (1-100). Without keep_alpha the 4th
 * byte is ignored and the file has no alpha. */
cc_status cc_webp_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                         int keep_alpha, int quality, uint8_t **out, size_t *out_length,
                         char *err, size_t errlen);

#endif
