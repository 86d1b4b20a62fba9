#include <upc_collective.h>
#include "kernels.h"

static shared double partial[THREADS];
static shared double result;

double vec_dot(void)
{
    int i;
    double s = 0;
    upc_forall (i = 0; i < VLEN * THREADS; i++; &va[i])
        s += va[i] * vb[i];
    partial[MYTHREAD] = s;
    upc_all_reduceD(&result, partial, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return result;
}
