/* upc_global_exit from one thread while every other thread waits in a barrier: the
 * job ends promptly with that status, nobody returns from the barrier, and output
 * written before the call (still in the stdio buffer) is flushed. */
#define CONF_FEATURE "global_exit"
#include "conf.h"
#include <unistd.h>

// expect-status: 42
// expect-stdout: global_exit: thread 0 ends the job with status 42

strict shared int arrived[THREADS];

static int all_arrived(void)
{
    for (int t = 1; t < THREADS; t++)
        if (!arrived[t])
            return 0;
    return 1;
}

int main(void)
{
    if (MYTHREAD == 0) {
        /* let the other threads reach the barrier first (at most about 5 s) */
        for (int k = 0; k < 500 && !all_arrived(); k++)
            usleep(10000);
        usleep(50000);
        printf("global_exit: thread 0 ends the job with status 42\n");
        printf("PASS %s\n", CONF_FEATURE); /* not flushed on purpose */
        upc_global_exit(42);
        printf("FAIL %s: upc_global_exit returned\n", CONF_FEATURE);
        fflush(stdout);
        return 1;
    }
    /* The others: announce, then wait in a barrier that thread 0 never reaches. */
    arrived[MYTHREAD] = 1;
    upc_barrier 1;
    printf("FAIL %s: thread %d returned from the barrier\n", CONF_FEATURE, (int)MYTHREAD);
    fflush(stdout);
    return 1;
}
