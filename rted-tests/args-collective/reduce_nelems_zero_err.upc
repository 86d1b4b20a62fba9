/* upc-check-test
 * expect: invalid-argument
 * line: 22
 * threads: 2 4
 * value: nelems = 0
 */
/* Error: the element count is the number of positive values, which is 0 here, and upc_all_reduceL is called with nelems == 0 */
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
    upc_all_reduceL(&r, v, UPC_ADD, n, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("r = %ld (%d positives)\n", r, n + positives);
    return 0;
}
