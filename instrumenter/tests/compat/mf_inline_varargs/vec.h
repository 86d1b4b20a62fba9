/* vec.h -- a distributed vector: the data are declared in vec.upc, the
 * accessors are static inline functions that every file compiles */
#ifndef VEC_H
#define VEC_H
#include <upc.h>
#include "trace.h"

#define VB 5                         /* block size */
#define VPER 3                       /* blocks per thread */
#define VLEN (VB * VPER * THREADS)

typedef struct {
    long key;
    double val[2];
} __attribute__((aligned(16))) cell_t;

extern shared [VB] cell_t vec[VB * VPER * THREADS];
extern strict shared int vec_version;
extern shared [VB] cell_t *shared vec_cursor;

static inline UNUSED int vec_owner(int i) { return (int)upc_threadof(&vec[i]); }

static inline UNUSED cell_t *vec_local(int i)
{
    /* only for elements with affinity to the caller */
    return (cell_t *)&vec[i];
}

static inline UNUSED double vec_get(int i) { return vec[i].val[0] + vec[i].val[1]; }

static inline UNUSED void vec_put(int i, long key, double a, double b)
{
    cell_t c = { key, { a, b } };
    vec[i] = c;
}

/* functions of vec.upc */
void vec_init(void) NOINLINE;
double vec_sum(int (*select)(const cell_t *)) PURE;
int vec_count(int nsel, ...);
#endif
