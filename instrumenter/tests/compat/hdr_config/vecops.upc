#include <upc.h>
#include "vecops.h"

shared [BLK] real x[VEC_LEN];
shared [BLK] real y[VEC_LEN];
shared real dots[THREADS];

void vec_init(void)
{
    int i;
    upc_forall (i = 0; i < VEC_LEN; i++; &x[i]) {
        x[i] = 1.0;
        y[i] = (real) i;
    }
    upc_barrier;
}

void vec_axpy(real a)
{
    int i;
    upc_forall (i = 0; i < VEC_LEN; i++; &y[i])
        y[i] += a * x[i];
    upc_barrier;
}

real vec_dot(void)
{
    int i;
    real s = 0;
    upc_forall (i = 0; i < VEC_LEN; i++; &x[i])
        s += x[i] * y[i];
    dots[MYTHREAD] = s;
    upc_barrier;
    s = 0;
    for (i = 0; i < THREADS; i++)
        s += dots[i];
    upc_barrier;
    return s;
}
