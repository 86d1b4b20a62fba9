/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the owner id depends only on the index */
#include <upc.h>
#include <stdio.h>

#define N 8
shared int cell[N * THREADS];

static int owner(int i)
{
    return i % THREADS;
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
