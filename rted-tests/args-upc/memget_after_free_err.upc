/* upc-check-test
 * expect: invalid-argument
 * line: 26
 * threads: 2 4
 */
/* Error: thread 0 frees the shared data early when its flag is set, and the other threads then read it with upc_memget */
#include <upc.h>
#include <stdio.h>

#define N 4
shared [N] int *shared data;
shared int early;

int main(void)
{
    int buf[N], i;
    if (MYTHREAD == 0) {
        data = (shared [N] int *) upc_global_alloc(THREADS, N * sizeof(int));
        early = 1;
    }
    upc_barrier;
    for (i = 0; i < N; i++) data[MYTHREAD * N + i] = i;
    upc_barrier;
    if (MYTHREAD == 0 && early) upc_free(data);
    upc_barrier;
    upc_memget(buf, &data[MYTHREAD * N], N * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 0 && !early) upc_free(data);
    if (MYTHREAD == 0) printf("buf[%d] = %d\n", N - 1, buf[N - 1]);
    return 0;
}
