/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of sv_reduce_op_err.upc: the option is the same everywhere */
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
    option[MYTHREAD] = 0;
    upc_barrier;
    op = option[MYTHREAD] ? UPC_MAX : UPC_ADD;
    upc_all_reduceD(&r, v, op, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("r = %f\n", r);
    return 0;
}
