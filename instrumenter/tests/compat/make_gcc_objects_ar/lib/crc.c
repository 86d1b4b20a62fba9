#include "vecmath.h"

uint32_t vm_crc32(const void *data, size_t n, uint32_t crc)
{
    const unsigned char *p = data;
    int k;
    crc = ~crc;
    while (n--) {
        crc ^= *p++;
        for (k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}
