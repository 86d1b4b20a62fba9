/* upc-check-test
 * expect: single-valued-mismatch
 * line: 22
 * threads: 2 4
 */
/* Error: the operation comes from a per-thread option that is UPC_MAX on the last thread and UPC_ADD elsewhere */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int option[THREADS];
shared double v[THREADS];
shared double r;

int main(void)
{
    upc_op_t op;
    v[MYTHREAD] = 1.0 + MYTHREAD;
    option[MYTHREAD] = (MYTHREAD == THREADS - 1);
    upc_barrier;
    op = option[MYTHREAD] ? UPC_MAX : UPC_ADD;
    upc_all_reduceD(&r, v, op, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("r = %f\n", r);
    return 0;
}
