#include <stdio.h>
#include "kernels.h"

int main(int argc, char **argv)
{
    double d, per;
    (void)argc;
    (void)argv;
    vec_init(0.5);
    upc_barrier;
    vec_axpy(2.0);
    upc_barrier;
    d = vec_dot();
    /* per block of 10: sum over k of 0.5k*(1+k) = 0.5*(45+285) = 165 */
    per = d / (VLEN * THREADS);
    if (MYTHREAD == 0)
        printf("dot per element = %.4f\n", per);
    return 0;
}
