/* Helper for skip_barrier_branch_err.upc and skip_barrier_branch_ok.upc. */
#include <upc.h>

/* Zero on every thread, but not computable at compile time. */
int zero(void)
{
    return (MYTHREAD * 7 + 3) / (MYTHREAD * 7 + 4);
}

void funcA(void)
{
    upc_barrier;
}
