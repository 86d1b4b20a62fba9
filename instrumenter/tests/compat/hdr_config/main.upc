#include <upc_relaxed.h>
#include <stdio.h>
#include <math.h>
#include "config.h"
#include "vecops.h"

int main(void)
{
    int it;
    real d, expect;

    vec_init();
    for (it = 0; it < NITER; it++)
        vec_axpy(2.0);
    d = vec_dot();
    /* sum_i (i + 2*NITER) */
    expect = (real) VEC_LEN * (VEC_LEN - 1) / 2 + 2.0 * NITER * VEC_LEN;
    if (MYTHREAD == 0) {
        printf("niter=%d blk=%d\n", NITER, BLK);
        printf("dot product %s\n", fabs(d - expect) <= TOLERANCE * expect ? "verified" : "WRONG");
    }
    return 0;
}
