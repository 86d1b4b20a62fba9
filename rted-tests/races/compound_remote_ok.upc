/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of compound_remote_err.upc: each thread adds into its own slot, thread 0 sums after a barrier */
#include <upc.h>
#include <stdio.h>

shared long acc[THREADS];

int main(void)
{
    long s = 0;
    int i;
    acc[MYTHREAD] += MYTHREAD + 1;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < THREADS; i++) s += acc[i];
        printf("%ld\n", s);
    }
    return 0;
}
