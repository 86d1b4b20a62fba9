#include "vector.h"
#include <upc_collective.h>

shared [BLOCK] double x[PER_THREAD * THREADS];
shared [BLOCK] double y[PER_THREAD * THREADS];
shared double partial[THREADS];
static shared double dot_result;

void
vec_fill(dvec_t v, double (*f)(int))
{
    int i;
    upc_forall (i = 0; i < vec_len(); i++; &v[i])
        v[i] = f(i);
    upc_barrier;
}

void
vec_axpy(double a, dvec_t xv, dvec_t yv)
{
    int i;
    upc_forall (i = 0; i < vec_len(); i++; &yv[i])
        yv[i] += a * xv[i];
    upc_barrier;
}

double
vec_dot(dvec_t a, dvec_t b)
{
    int i;
    double s = 0;
    upc_forall (i = 0; i < vec_len(); i++; &a[i])
        s += a[i] * b[i];
    partial[MYTHREAD] = s;
    upc_all_reduceD(&dot_result, partial, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return dot_result;
}
