/* upc-check-test
 * expect: split-barrier
 * line: 19
 * threads: 2 4 8
 */
/* Error: thread 0 returns from main between its upc_notify and its upc_wait when a flag read from shared data is set */
#include <upc.h>
#include <stdio.h>

shared int quit_early[THREADS];

int main(void)
{
    quit_early[MYTHREAD] = (MYTHREAD == 0);
    upc_barrier;
    upc_notify;
    if (quit_early[MYTHREAD]) {
        printf("thread %d leaves early\n", MYTHREAD);
        return 0;
    }
    upc_wait;
    return 0;
}
