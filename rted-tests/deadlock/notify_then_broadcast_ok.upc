/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of notify_then_broadcast_err.upc: the broadcast runs after upc_wait */
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
    upc_wait;
    if (refresh)
        share_param();
    printf("thread %d: %d %d\n", MYTHREAD, local, param[MYTHREAD]);
    return 0;
}
