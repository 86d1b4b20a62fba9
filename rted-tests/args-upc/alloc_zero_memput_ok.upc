/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * stdout: header of thread 0: 0
 */
/* Correct twin of alloc_zero_memput_err.upc: the buffer has room for the header and the items */
#include <upc.h>
#include <stdio.h>

shared [] int *shared buffer[THREADS];

int main(void)
{
    int header[2] = {MYTHREAD, 0};
    size_t count = (MYTHREAD == THREADS - 1) ? 0 : 4;
    buffer[MYTHREAD] = (shared [] int *) upc_alloc((count + 2) * sizeof(int));
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        printf("thread %d writes its header\n", MYTHREAD);
    upc_memput(buffer[MYTHREAD], header, sizeof(header));
    upc_barrier;
    if (MYTHREAD == 0) printf("header of thread 0: %d\n", buffer[0][0]);
    return 0;
}
