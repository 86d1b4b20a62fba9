/* Race checking over several nodes: each thread reads its neighbour's block element by
 * element (another node's data when every thread is its own node), then updates its own
 * block, a barrier after each; REPS times.  Prints the time per remote read and per
 * repetition (thread 0). */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

#define B 256
shared [B] double v[B * THREADS];

static double now(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec + tv.tv_usec * 1e-6;
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 20;
    int nb = (MYTHREAD + 1) % THREADS;
    int r, i;
    double s = 0, t0, t;
    for (i = 0; i < B; i++)
        v[MYTHREAD * B + i] = i;
    upc_barrier;
    t0 = now();
    for (r = 0; r < reps; r++) {
        for (i = 0; i < B; i++)
            s += v[nb * B + i];
        upc_barrier;
        for (i = 0; i < B; i++)
            v[MYTHREAD * B + i] += 1;
        upc_barrier;
    }
    t = now() - t0;
    if (MYTHREAD == 0)
        printf("us_per_remote_read=%.2f us_per_rep=%.1f sum=%g\n", t * 1e6 / ((double)reps * B),
               t * 1e6 / reps, s);
    return 0;
}
