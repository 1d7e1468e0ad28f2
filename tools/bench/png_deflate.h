/* The libdeflate PNG writer of png_deflate.c (bench only). */
#include "ccodecs.h"

/* PNG deflated by libdeflate at `level` (1-12), each row filtered with `filter` (0-4), or
 * adaptively (-1, libpng's minimum-sum heuristic). Arguments must already be valid. */
cc_status cc_png_encode_deflate(const uint8_t *pixels, uint32_t width, uint32_t height,
                                size_t stride, cc_png_layout layout, int level, int filter,
                                uint8_t **out, size_t *out_length, char *err, size_t errlen);
