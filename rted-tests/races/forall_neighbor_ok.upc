/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of forall_neighbor_err.upc: the update reads a separate array */
#include <upc.h>
#include <stdio.h>

#define N (16 * THREADS)
shared int u[16 * THREADS];
shared int w[N];

int main(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &w[i])
        w[i] = i;
    upc_barrier;
    upc_forall (i = 0; i < N - 1; i++; &u[i])
        u[i] = w[i + 1] + 1;
    upc_barrier;
    if (MYTHREAD == 0) printf("%d\n", u[0]);
    return 0;
}
