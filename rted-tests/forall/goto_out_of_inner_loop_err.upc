/* upc-check-test
 * expect: forall-escape
 * line: 24
 * threads: 2 4
 */
/* Error: a goto in an inner for loop leaves both that loop and the enclosing upc_forall body */
#include <upc.h>
#include <stdio.h>

#define N 4
#define M 3
shared [N] int grid[N * THREADS];
shared int limit;

int main(void)
{
    int i, k, hits = 0;
    if (MYTHREAD == 0) limit = 2;
    upc_barrier;
    upc_forall (i = 0; i < N * THREADS; i++; &grid[i]) {
        for (k = 0; k < M; k++) {
            grid[i] += k;
            if (grid[i] > limit)
                goto overflow;
        }
        hits++;
    }
overflow:
    upc_barrier;
    printf("thread %d: hits = %d\n", MYTHREAD, hits);
    return 0;
}
