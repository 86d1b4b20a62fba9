/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of free_twice_err.upc: every buffer is freed once */
#include <upc.h>
#include <stdio.h>

shared int cleanup[THREADS];

int main(void)
{
    shared [] int *buf = (shared [] int *) upc_alloc(8 * sizeof(int));
    int k;
    buf[0] = MYTHREAD;
    cleanup[MYTHREAD] = 1;
    upc_barrier;
    for (k = 0; k < cleanup[MYTHREAD]; k++)
        upc_free(buf);
    upc_barrier;
    if (MYTHREAD == 0) printf("buffers released\n");
    return 0;
}
