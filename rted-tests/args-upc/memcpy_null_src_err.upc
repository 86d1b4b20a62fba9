/* upc-check-test
 * expect: invalid-argument
 * line: 23
 * threads: 2 4
 */
/* Error: the source table entry for the last thread's neighbour is never filled, so upc_memcpy gets a null source */
#include <upc.h>
#include <stdio.h>

shared [] int *shared source[THREADS];
shared [4] int dst[4 * THREADS];
shared int ready[THREADS];

int main(void)
{
    int i, from = (MYTHREAD + 1) % THREADS;
    ready[MYTHREAD] = (MYTHREAD != 0);
    if (ready[MYTHREAD]) {
        source[MYTHREAD] = (shared [] int *) upc_alloc(4 * sizeof(int));
        for (i = 0; i < 4; i++) source[MYTHREAD][i] = MYTHREAD;
    }
    upc_barrier;
    upc_memcpy(&dst[MYTHREAD * 4], source[from], 4 * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 0) printf("dst[0] = %d\n", dst[0]);
    return 0;
}
