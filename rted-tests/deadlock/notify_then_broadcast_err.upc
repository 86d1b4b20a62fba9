/* upc-check-test
 * expect: split-barrier
 * line: 18
 * threads: 2 4 8
 * report: the upc_notify at notify_then_broadcast_err.upc:29 is not yet matched by a upc_wait
 */
/* Error: the overlap region between upc_notify and upc_wait calls a helper that broadcasts a parameter */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int param[THREADS];
shared int seed;
shared int refresh;

void share_param(void)
{
    upc_all_broadcast(param, &seed, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
}

int main(void)
{
    int local = 0, i;
    if (MYTHREAD == 0) {
        seed = 7;
        refresh = 1;
    }
    upc_barrier;
    upc_notify;
    for (i = 0; i < 100; i++)
        local += i * MYTHREAD;
    if (refresh)
        share_param();
    upc_wait;
    printf("thread %d: %d %d\n", MYTHREAD, local, param[MYTHREAD]);
    return 0;
}
