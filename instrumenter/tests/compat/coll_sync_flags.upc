/* Every combination of the collective synchronization flags (IN_ALLSYNC,
 * IN_MYSYNC, IN_NOSYNC with OUT_ALLSYNC, OUT_MYSYNC, OUT_NOSYNC) on
 * upc_all_broadcast, upc_all_scatter, upc_all_gather and upc_all_reduceL,
 * with the program providing the synchronization the weaker flags leave out
 * (a barrier before an IN_NOSYNC call, after an OUT_NOSYNC one). */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define NB 6

shared [] int src[NB * 64];
shared [NB] int dst[NB * THREADS];
shared [NB] int gsrc[NB * THREADS];
shared [] int gdst[NB * 64];
shared long vals[THREADS];
shared long total;
shared int failures[THREADS];

static const upc_flag_t in_flags[3] = { UPC_IN_ALLSYNC, UPC_IN_MYSYNC, UPC_IN_NOSYNC };
static const upc_flag_t out_flags[3] = { UPC_OUT_ALLSYNC, UPC_OUT_MYSYNC, UPC_OUT_NOSYNC };
static const char *in_names[3] = { "IN_ALLSYNC", "IN_MYSYNC", "IN_NOSYNC" };
static const char *out_names[3] = { "OUT_ALLSYNC", "OUT_MYSYNC", "OUT_NOSYNC" };

int
main(void)
{
    int a, b, i, round = 0, bad = 0;

    for (a = 0; a < 3; a++) {
        for (b = 0; b < 3; b++) {
            upc_flag_t f = in_flags[a] | out_flags[b];
            round++;

            /* broadcast: thread 0 writes the source */
            if (MYTHREAD == 0)
                for (i = 0; i < NB * THREADS; i++)
                    src[i] = round * 100 + i;
            if (a != 0)
                upc_barrier;    /* MYSYNC/NOSYNC: the source must be ready before the call */
            upc_all_broadcast(dst, src, NB * sizeof(int), f);
            if (b != 0)
                upc_barrier;    /* MYSYNC/NOSYNC: others may still be reading */
            for (i = 0; i < NB; i++)
                if (dst[MYTHREAD * NB + i] != round * 100 + i)
                    bad++;
            upc_barrier;

            /* scatter: thread t gets elements t*NB .. t*NB+NB-1 */
            if (a != 0)
                upc_barrier;
            upc_all_scatter(dst, src, NB * sizeof(int), f);
            if (b != 0)
                upc_barrier;
            for (i = 0; i < NB; i++)
                if (dst[MYTHREAD * NB + i] != round * 100 + MYTHREAD * NB + i)
                    bad++;
            upc_barrier;

            /* gather: every thread fills its own block of gsrc */
            for (i = 0; i < NB; i++)
                gsrc[MYTHREAD * NB + i] = -(round * 1000 + MYTHREAD * NB + i);
            if (a != 0)
                upc_barrier;
            upc_all_gather(gdst, gsrc, NB * sizeof(int), f);
            if (b != 0)
                upc_barrier;
            if (MYTHREAD == 0)
                for (i = 0; i < NB * THREADS; i++)
                    if (gdst[i] != -(round * 1000 + i))
                        bad++;
            upc_barrier;

            /* reduce */
            vals[MYTHREAD] = round + MYTHREAD;
            if (a != 0)
                upc_barrier;
            upc_all_reduceL(&total, vals, UPC_ADD, THREADS, 1, NULL, f);
            if (b != 0)
                upc_barrier;
            if (total != (long) round * THREADS + (long) THREADS * (THREADS - 1) / 2)
                bad++;
            upc_barrier;

            if (MYTHREAD == 0)
                printf("%-10s | %-11s\n", in_names[a], out_names[b]);
        }
    }
    failures[MYTHREAD] = bad;
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, sum = 0;
        for (t = 0; t < THREADS; t++)
            sum += failures[t];
        printf("%d combinations, %d wrong results\n", round, sum);
    }
    return 0;
}
