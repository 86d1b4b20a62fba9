#ifndef VECOPS_H
#define VECOPS_H

#include "config.h"

extern shared [BLK] real x[VEC_LEN];
extern shared [BLK] real y[VEC_LEN];
extern shared real dots[THREADS];

void vec_init(void);
void vec_axpy(real a);
real vec_dot(void);

#endif
