/* Compiled to assembly with -x c -S, then assembled from checksum.s. */
#include "legacy.h"

#ifdef __UPC__
#error "checksum.c compiled as UPC"
#endif

unsigned legacy_checksum(const char *text)
{
    unsigned sum = 0;
    while (*text)
        sum = sum * 31u + (unsigned char)*text++;
    return sum;
}
