/* upc-check-test
 * expect: invalid-argument
 * line: 15
 * threads: 2 4 8
 * report: was freed at free_twice_helper_err.upc:15 by upc_free on thread 0
 */
/* Error: thread 0 takes the error path, which releases its block, and then releases it again at the end */
#include <upc.h>
#include <stdio.h>

shared int status[THREADS];

void release(shared int *block)
{
    upc_free(block);
}

int main(void)
{
    shared int *block = (shared int *) upc_alloc(16 * sizeof(int));
    status[MYTHREAD] = (MYTHREAD == 0) ? -1 : 0;
    upc_barrier;
    if (status[MYTHREAD] < 0) {
        printf("thread %d: bad input, cleaning up\n", MYTHREAD);
        release(block);
    }
    upc_barrier;
    release(block);
    return 0;
}
