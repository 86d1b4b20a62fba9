/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of reduce_nelems_zero_err.upc: the reduction is skipped when there is nothing to reduce */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared long v[THREADS];
shared int positives;
shared long r;

int main(void)
{
    int i, n = 0;
    v[MYTHREAD] = -MYTHREAD - 1;
    upc_barrier;
    for (i = 0; i < THREADS; i++) if (v[i] > 0) n++;
    if (n > 0) upc_all_reduceL(&r, v, UPC_ADD, n, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("r = %ld (%d positives)\n", r, n + positives);
    return 0;
}
