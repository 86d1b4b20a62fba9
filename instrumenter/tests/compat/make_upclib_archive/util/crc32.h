#ifndef CRC32_H
#define CRC32_H
#include <stddef.h>
#include <stdint.h>
uint32_t crc32_buf(const void *p, size_t n);
#endif
