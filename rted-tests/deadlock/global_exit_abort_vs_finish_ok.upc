/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: thread 1 aborts the whole run with upc_global_exit() while the others wait at the barrier, which ends every thread */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

shared int status[THREADS];

static void fail(int code)
{
    fprintf(stderr, "thread %d: check failed\n", MYTHREAD);
    upc_global_exit(code - 2);
}

int main(void)
{
    int it;
    for (it = 0; it < 20; it++) {
        status[MYTHREAD] = (MYTHREAD == 1 && it == 13) ? -1 : it;
        if (status[MYTHREAD] < 0) fail(2);
        upc_barrier;
    }
    if (MYTHREAD == 0) printf("finished\n");
    return 0;
}
