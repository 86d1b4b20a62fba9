#ifndef KERNELS_H
#define KERNELS_H
#include <upc.h>

#define VLEN 60

extern shared double va[VLEN * THREADS], vb[VLEN * THREADS];

void vec_init(double scale);
void vec_axpy(double alpha);
double vec_dot(void);
#endif
