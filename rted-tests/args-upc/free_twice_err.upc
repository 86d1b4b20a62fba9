/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4
 */
/* Error: the cleanup count read from shared data is 2 on the last thread, which frees its buffer twice */
#include <upc.h>
#include <stdio.h>

shared int cleanup[THREADS];

int main(void)
{
    shared [] int *buf = (shared [] int *) upc_alloc(8 * sizeof(int));
    int k;
    buf[0] = MYTHREAD;
    cleanup[MYTHREAD] = (MYTHREAD == THREADS - 1) ? 2 : 1;
    upc_barrier;
    for (k = 0; k < cleanup[MYTHREAD]; k++)
        upc_free(buf);
    upc_barrier;
    if (MYTHREAD == 0) printf("buffers released\n");
    return 0;
}
