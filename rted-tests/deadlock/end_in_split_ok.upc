/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of end_in_split_err.upc: the early return comes after the wait */
#include <upc.h>
#include <stdio.h>

shared int quit_early[THREADS];

int main(void)
{
    quit_early[MYTHREAD] = (MYTHREAD == 0);
    upc_barrier;
    upc_notify;
    upc_wait;
    if (quit_early[MYTHREAD]) {
        printf("thread %d leaves early\n", MYTHREAD);
        return 0;
    }
    return 0;
}
