/* upc-check-test
 * expect: data-race
 * line: 22
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: forall_neighbor_err.upc:22 and forall_neighbor_err.upc:22
 */
/* A upc_forall body reads the neighbour's element that its owner writes in the same loop */
#include <upc.h>
#include <stdio.h>

#define N (16 * THREADS)
shared int u[16 * THREADS];

int main(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &u[i])
        u[i] = i;
    upc_barrier;
    upc_forall (i = 0; i < N - 1; i++; &u[i])
        u[i] = u[i + 1] + 1;
    upc_barrier;
    if (MYTHREAD == 0) printf("%d\n", u[0]);
    return 0;
}
