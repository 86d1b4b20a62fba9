/* upc-check-test
 * expect: data-race
 * line: 33 34
 * threads: 2 4
 * flags: --upccheck:-r
 */
/* A spin lock built on Berkeley atomics whose release is a relaxed set: it orders nothing, so the next holder's read of the counter races with the last holder's write */
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
    int i, strict_release = MYTHREAD < 0;   /* false, but not known to the compiler */
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
