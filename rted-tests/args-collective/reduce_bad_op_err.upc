/* upc-check-test
 * expect: invalid-argument
 * line: 25
 * threads: 2 4
 * value: op = UPC_MIN|UPC_MAX
 */
/* Error: the operation is built by OR-ing two operation codes (min and max), which is not one valid upc_op_t */
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
    if (MYTHREAD == 0) { want_min = 1; want_max = 1; }
    upc_barrier;
    if (want_min) op |= UPC_MIN;
    if (want_max) op |= UPC_MAX;
    upc_all_reduceI(&r, v, op, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("r = %d\n", r);
    return 0;
}
