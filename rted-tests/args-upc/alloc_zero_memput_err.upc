/* upc-check-test
 * expect: invalid-argument
 * line: 22
 * threads: 2 4 8
 * value: dst = NULL
 * report: upc_alloc at alloc_zero_memput_err.upc:18 was called on this thread with a size of 0 bytes (nbytes `count * sizeof(int)` = 0)
 */
/* Error: the last thread's share of the items is 0, so upc_alloc returns a null pointer-to-shared, and the thread writes its header into it */
#include <upc.h>
#include <stdio.h>

shared [] int *shared buffer[THREADS];

int main(void)
{
    int header[2] = {MYTHREAD, 0};
    size_t count = (MYTHREAD == THREADS - 1) ? 0 : 4;
    buffer[MYTHREAD] = (shared [] int *) upc_alloc(count * sizeof(int));
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        printf("thread %d writes its header\n", MYTHREAD);
    upc_memput(buffer[MYTHREAD], header, sizeof(header));
    upc_barrier;
    if (MYTHREAD == 0) printf("header of thread 0: %d\n", buffer[0][0]);
    return 0;
}
