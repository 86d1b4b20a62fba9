/* distributed vectors of the solver; defined in vector.upc */
#ifndef VECTOR_H
#define VECTOR_H
#include <upc.h>
#include "config.h"

typedef shared [BLOCK] double *dvec_t;

extern shared [BLOCK] double x[PER_THREAD * THREADS];
extern shared [BLOCK] double y[PER_THREAD * THREADS];
extern shared double partial[THREADS];

void   vec_fill(dvec_t v, double (*f)(int));
void   vec_axpy(double a, dvec_t xv, dvec_t yv);
double vec_dot(dvec_t a, dvec_t b);

/* element count of the whole vector */
static inline int vec_len(void) { return PER_THREAD * THREADS; }

/* is element i mine? */
static inline int vec_mine(dvec_t v, int i) { return upc_threadof(&v[i]) == (size_t) MYTHREAD; }
#endif
