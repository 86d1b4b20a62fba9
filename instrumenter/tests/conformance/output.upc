/* Output of every thread reaches stdout and stderr, whole lines, nothing lost, also when
 * nothing is flushed explicitly and when a thread ends with exit() instead of return. */
#define CONF_FEATURE "output"
#include "conf.h"

// expect-count-per-thread: out: 200
// expect-stdout: output: every thread wrote 200 lines

#define LINES 200

int main(void)
{
    for (int k = 0; k < LINES; k++) {
        /* a line written in pieces */
        printf("out: thread %d ", (int)MYTHREAD);
        printf("line %d", k);
        printf("\n");
        if (k % 50 == 0)
            fprintf(stderr, "err: thread %d line %d\n", (int)MYTHREAD, k);
    }
    if (MYTHREAD == 0)
        printf("output: every thread wrote %d lines\n", LINES);
    int rc = conf_finish();
    if (MYTHREAD % 2 == 1)
        exit(rc);
    return rc;
}
