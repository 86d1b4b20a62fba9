/* upc-check-test
 * expect: finished-while-waiting
 * line: 25
 * threads: 2 3 4 8
 */
/* Error: on a failed check thread 1 means to abort the whole run but calls exit() instead of upc_global_exit(), so it finishes alone while the others wait at the next barrier */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

shared int status[THREADS];

static void fail(int code)
{
    fprintf(stderr, "thread %d: check failed\n", MYTHREAD);
    exit(code);
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
