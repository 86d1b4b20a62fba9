/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of goto_out_of_inner_loop_err.upc: the goto targets a label at the end of the upc_forall body */
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
                goto next;
        }
        hits++;
    next:
        ;
    }

    upc_barrier;
    printf("thread %d: hits = %d\n", MYTHREAD, hits);
    return 0;
}
