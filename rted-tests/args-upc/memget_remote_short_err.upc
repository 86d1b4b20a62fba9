/* upc-check-test
 * expect: invalid-argument
 * line: 23
 * threads: 2 4
 */
/* Error: thread 0 reads 8 ints from each thread's buffer, but the last thread allocated only 4 */
#include <upc.h>
#include <stdio.h>

#define N 8
shared [] int *shared buf[THREADS];
shared int size[THREADS];

int main(void)
{
    int local[N], t, i;
    size[MYTHREAD] = (MYTHREAD == THREADS - 1) ? N / 2 : N;
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
