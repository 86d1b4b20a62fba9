/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of reduce_bad_op_err.upc: a single operation code is used */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int want_min;
shared int want_max;
shared int v[THREADS];
shared int r;

int main(void)
{
    upc_op_t op = 0;
    v[MYTHREAD] = MYTHREAD * 7 % 5;
    if (MYTHREAD == 0) { want_min = 0; want_max = 1; }
    upc_barrier;
    if (want_min) op |= UPC_MIN;
    if (want_max) op |= UPC_MAX;
    upc_all_reduceI(&r, v, op, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("r = %d\n", r);
    return 0;
}
