/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: on a failed input check thread 1 logs the problem and still takes part in the validation barrier */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int input[THREADS];
shared int cfg;
shared int cfgs[THREADS];

static int check_input(int v) { return v >= 0; }

int main(void)
{
    input[MYTHREAD] = (MYTHREAD == 1) ? -3 : MYTHREAD;
    if (MYTHREAD == 0) cfg = 42;
    upc_barrier;
    if (!check_input(input[MYTHREAD])) {
        fprintf(stderr, "thread %d: bad input %d\n", MYTHREAD, input[MYTHREAD]);
        upc_barrier;
        goto publish;
    }
    upc_barrier;
publish:
    upc_all_broadcast(cfgs, &cfg, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: cfg %d\n", MYTHREAD, cfgs[MYTHREAD]);
    return 0;
}
