/* upc_forall with every kind of affinity expression: integer, pointer-to-shared,
   shared array element, continue inside the body, nested foralls, an empty
   affinity. Each iteration records who ran it; thread 0 checks the owners. */
#include <upc.h>
#include <stdio.h>

#define N 24

shared int who_int[N*THREADS];
shared int who_ptr[N*THREADS];
shared [5] int who_blk[N*THREADS];
shared int who_all[N*THREADS];
shared int skipped[THREADS];
shared [N] int grid[N*THREADS];
shared int nested_count[THREADS];

int main(void)
{
    int i, j, errors = 0;
    shared [5] int *bp;

    skipped[MYTHREAD] = 0;
    nested_count[MYTHREAD] = 0;

    upc_forall (i = 0; i < N*THREADS; i++; i) {
        if (i % 3 == 0) {
            skipped[MYTHREAD]++;
            continue;
        }
        who_int[i] = MYTHREAD;
    }

    upc_forall (i = 0; i < N*THREADS; i++; &who_ptr[i])
        who_ptr[i] = MYTHREAD;

    bp = who_blk;
    upc_forall (i = 0; i < N*THREADS; i++; bp + i)
        bp[i] = MYTHREAD;

    /* an affinity expression that is not the loop variable itself */
    upc_forall (i = -2*THREADS; i < 0; i++; i + 2*THREADS)
        ;

    upc_forall (i = 0; i < N*THREADS; i++; )        /* no affinity: every thread */
        if (i % THREADS == MYTHREAD)
            who_all[i] = MYTHREAD;

    /* nested: the outer loop distributes rows, the inner one runs entirely */
    upc_forall (i = 0; i < THREADS; i++; &grid[i*N]) {
        upc_forall (j = 0; j < N; j++; &grid[i*N + j]) {
            grid[i*N + j] = i + j;
            nested_count[MYTHREAD]++;
        }
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        int skips = 0, nested = 0;
        for (i = 0; i < N*THREADS; i++) {
            if (i % 3 != 0 && who_int[i] != i % THREADS) errors++;
            if (who_ptr[i] != i % THREADS) errors++;
            if (who_blk[i] != (i / 5) % THREADS) errors++;
            if (who_all[i] != i % THREADS) errors++;
        }
        for (i = 0; i < THREADS; i++) {
            skips += skipped[i];
            nested += nested_count[i];
        }
        for (i = 0; i < N*THREADS; i++)
            if (grid[i] != i / N + i % N) errors++;
        if (skips != N*THREADS/3 || nested != N*THREADS) errors++;
        printf("upc_forall affinity test: %s\n", errors ? "FAILED" : "passed");
    }
    return 0;
}
