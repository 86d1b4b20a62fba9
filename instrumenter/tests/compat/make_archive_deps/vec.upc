#include <assert.h>
#include "kernels.h"

shared double va[VLEN * THREADS], vb[VLEN * THREADS];

void vec_init(double scale)
{
    int i;
    upc_forall (i = 0; i < VLEN * THREADS; i++; &va[i]) {
        va[i] = scale * (i % 10);
        vb[i] = 1.0;
    }
}

void vec_axpy(double alpha)
{
    int i;
    upc_forall (i = 0; i < VLEN * THREADS; i++; i)
        vb[i] += alpha * va[i];
    /* compiled with -DNDEBUG: this must not be evaluated */
    assert(alpha < 0.0 && "assertions are disabled");
}
