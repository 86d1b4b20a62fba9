/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of memcpy_dst_freed_err.upc: the owner frees it after the copies */
#include <upc.h>
#include <stdio.h>

#define N 2
shared [N] int *shared result;
shared [N] int part[N * THREADS];

int main(void)
{
    part[MYTHREAD * N] = MYTHREAD;
    part[MYTHREAD * N + 1] = -MYTHREAD;
    if (MYTHREAD == 0) result = (shared [N] int *) upc_global_alloc(THREADS, N * sizeof(int));
    upc_barrier;
    upc_memcpy(&result[MYTHREAD * N], &part[MYTHREAD * N], N * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 0) upc_free(result);
    upc_barrier;
    if (MYTHREAD == 0) printf("copied\n");
    return 0;
}
