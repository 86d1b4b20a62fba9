/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of memget_remote_short_err.upc: every thread allocates 8 ints */
#include <upc.h>
#include <stdio.h>

#define N 8
shared [] int *shared buf[THREADS];
shared int size[THREADS];

int main(void)
{
    int local[N], t, i;
    size[MYTHREAD] = N;
    buf[MYTHREAD] = (shared [] int *) upc_alloc(size[MYTHREAD] * sizeof(int));
    for (i = 0; i < size[MYTHREAD]; i++) buf[MYTHREAD][i] = i;
    upc_barrier;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++)
            upc_memget(local, buf[t], N * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 0) printf("local[0] = %d\n", local[0]);
    return 0;
}
