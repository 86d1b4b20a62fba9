/* upc-check-test
 * expect: invalid-argument
 * line: 27
 * threads: 2 4 8
 * report: was freed at memget_freed_by_peer_err.upc:25 by upc_free on thread 1
 */
/* Error: thread 1 releases its exchange buffer as soon as its own part is done, while thread 0 still reads from it */
#include <upc.h>
#include <stdio.h>

shared [] int *shared bufs[THREADS];
shared int early_release;

int main(void)
{
    int local[4];
    int i, n = 4, sum = 0;
    bufs[MYTHREAD] = (shared [] int *) upc_alloc(n * sizeof(int));
    for (i = 0; i < n; i++)
        bufs[MYTHREAD][i] = MYTHREAD * 10 + i;
    if (MYTHREAD == 0)
        early_release = 1;
    upc_barrier;
    if (MYTHREAD == 1 && early_release)
        upc_free(bufs[1]);
    upc_barrier;
    upc_memget(local, bufs[(MYTHREAD + 1) % THREADS], n * sizeof(int));
    for (i = 0; i < n; i++)
        sum += local[i];
    printf("thread %d: sum of neighbour = %d\n", MYTHREAD, sum);
    upc_barrier;
    if (MYTHREAD != 1 || !early_release)
        upc_free(bufs[MYTHREAD]);
    return 0;
}
