/* upc-check-test
 * expect: clean
 * threads: 2 4
 * flags: --upccheck:-r
 */
/* A spin lock built on Berkeley atomics, taken with a strict compare-and-swap and released with a strict set: the counter it protects is ordered */
#include <upc.h>
#include <stdio.h>

shared int lockword;
shared [] long total[1];

static void acquire(void)
{
    while (bupc_atomicI_cswap_strict(&lockword, 0, 1) != 0)
        bupc_sched_yield();
}

static void release(int strict_release)
{
    if (strict_release)
        bupc_atomicI_set_strict(&lockword, 0);
    else
        bupc_atomicI_set_relaxed(&lockword, 0);
}

int main(void)
{
    int i, strict_release = MYTHREAD >= 0;  /* true, but not known to the compiler */
    for (i = 0; i < 10; i++) {
        acquire();
        long t = total[0];
        total[0] = t + 1;
        release(strict_release);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("total %ld\n", total[0]);
    return 0;
}
