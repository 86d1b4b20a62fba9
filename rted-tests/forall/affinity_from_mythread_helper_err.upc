/* upc-check-test
 * expect: forall-not-single-valued
 * line: 21 23
 * threads: 2 3 4 8
 */
/* Error: the affinity of a upc_forall is a helper's owner id that adds MYTHREAD to the index, so each thread computes a different owner for the same iteration */
#include <upc.h>
#include <stdio.h>

#define N 8
shared int cell[N * THREADS];

static int owner(int i)
{
    return (i + MYTHREAD) % THREADS;
}

int main(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; owner(i)) {
        cell[i] += 1;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("cell[0] = %d\n", cell[0]);
    return 0;
}
