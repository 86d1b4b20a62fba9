/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of free_twice_helper_err.upc: the error path forgets the block it released */
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
        block = NULL;
    }
    upc_barrier;
    if (block != NULL)
        release(block);
    return 0;
}
