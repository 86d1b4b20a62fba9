/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of permute_vs_barrier_err.upc: every thread takes part in the permutation */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int perm[THREADS];
shared int a[THREADS];
shared int b[THREADS];

int main(void)
{
    perm[MYTHREAD] = (MYTHREAD + 1) % THREADS;
    a[MYTHREAD] = 10 * MYTHREAD;
    upc_barrier;
    if (perm[MYTHREAD] >= 0)
        upc_all_permute(b, a, perm, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_barrier;
    if (MYTHREAD == 0) printf("b[1] = %d\n", b[1]);
    return 0;
}
