#ifndef CCODECS_H
#define CCODECS_H
/* C shim over libpng and libjpeg-turbo. Every function here does one whole operation and
 * contains all setjmp/longjmp error handling, so Swift is never longjmp'd through. */
#include <stddef.h>
#include <stdint.h>

#endif
