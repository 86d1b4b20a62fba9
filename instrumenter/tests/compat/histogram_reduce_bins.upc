/*
 * A histogram of exam scores, the textbook way: each thread counts the scores
 * it owns into its column of `shared int hist[NBINS][THREADS]` (bin b of
 * thread t at hist[b][t], so a bin's counts are consecutive), then one
 * upc_all_reduceI per bin adds the column up into `total[b]`, and the
 * cumulative counts come from upc_all_prefix_reduceI.  Thread 0 draws the
 * histogram.
 */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define NSCORES 600
#define NBINS 10

shared int *score;                  /* cyclic arrays of fixed sizes: upc_all_alloc */
shared int hist[NBINS][THREADS];
shared int *total, *cumul;

int main(void)
{
    int i, b;
    unsigned s = 2024;

    score = (shared int *)upc_all_alloc(NSCORES, sizeof(int));
    total = (shared int *)upc_all_alloc(NBINS, sizeof(int));
    cumul = (shared int *)upc_all_alloc(NBINS, sizeof(int));

    if (MYTHREAD == 0)
        for (i = 0; i < NSCORES; i++) {
            int a, k;
            /* the sum of four draws: a bell-shaped distribution of 0..99 */
            for (a = 0, k = 0; k < 4; k++) {
                s = s * 1103515245u + 12345u;
                a += (s >> 16) % 25;
            }
            score[i] = a + (i % 4 == 0);
        }
    upc_barrier;

    for (b = 0; b < NBINS; b++)
        hist[b][MYTHREAD] = 0;
    upc_forall (i = 0; i < NSCORES; i++; &score[i])
        hist[score[i] / 10][MYTHREAD]++;

    for (b = 0; b < NBINS; b++)
        upc_all_reduceI(&total[b], &hist[b][0], UPC_ADD, THREADS, 1, NULL,
                        UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_prefix_reduceI(cumul, total, UPC_ADD, NBINS, 1, NULL,
                           UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);

    if (MYTHREAD == 0) {
        for (b = 0; b < NBINS; b++) {
            int k;
            printf("%2d-%2d %4d %4d ", 10 * b, 10 * b + 9, total[b], cumul[b]);
            for (k = 0; k < total[b]; k += 5)
                putchar('#');
            putchar('\n');
        }
        upc_free(score);
        upc_free(total);
        upc_free(cumul);
    }
    return 0;
}
