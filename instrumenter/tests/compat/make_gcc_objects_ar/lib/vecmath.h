#ifndef VECMATH_H
#define VECMATH_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
double vm_dot(const double *x, const double *y, size_t n);
double vm_norm(const double *x, size_t n);
uint32_t vm_crc32(const void *data, size_t n, uint32_t crc);
extern const char vm_version[];
#ifdef __cplusplus
}
#endif
#endif
