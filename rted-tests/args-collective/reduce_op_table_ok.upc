/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the statistic id is the same on every thread */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

static const upc_op_t ops[3] = { UPC_ADD, UPC_MAX, UPC_MIN };
shared long val[THREADS];
shared long out;
shared int stat[THREADS];

int main(void)
{
    int i;
    stat[MYTHREAD] = 1;
    val[MYTHREAD] = MYTHREAD;
    upc_barrier;
    for (i = 0; i < 3; i++)
        upc_all_reduceL(&out, val, ops[i == 2 ? stat[MYTHREAD] : 0], THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("out %ld\n", (long) out);
    return 0;
}
