#include <upc.h>

#ifndef PRELUDE_SEEN
#error "-include prelude.h was not applied to kernel.upc"
#endif

shared long kernel_sum[THREADS];

long run_kernel(void)
{
    long t = 0;
    int i;
    kernel_sum[MYTHREAD] = (MYTHREAD + 1) * EXPR;
    upc_barrier;
    for (i = 0; i < THREADS; i++)
        t += kernel_sum[i];
    upc_barrier;
    return t;
}
