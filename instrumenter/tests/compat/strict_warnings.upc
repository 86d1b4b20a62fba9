/* Built the way projects with a strict warning policy build (CFLAGS of an old-school C
 * project plus -Werror): the warnings are about the program, never about what the UPC
 * compiler made of it. */
#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

#define N 10

shared [*] double grid[N * THREADS];
shared [3] long blocks[3 * N * THREADS];
shared double partial[THREADS];
shared double total;
static upc_lock_t *lock;

static double relax(int rounds);
static long fill(void);

static double relax(int rounds)
{
    int r, i;
    double sum = 0.0;
    for (r = 0; r < rounds; r++) {
        upc_forall (i = 0; i < N * THREADS; i++; &grid[i])
            grid[i] = grid[i] * 0.5 + 1.0;
        upc_barrier;
    }
    upc_forall (i = 0; i < N * THREADS; i += 2; &grid[i])
        sum += grid[i];
    return sum;
}

static long fill(void)
{
    long s = 0;
    size_t k;
    upc_forall (k = 0; k < 3 * N * (size_t)THREADS; k++; k)
        blocks[k] = (long)k;
    upc_barrier;
    for (k = 0; k < 3 * N * (size_t)THREADS; k++)
        s += blocks[k];
    return s;
}

int main(int argc, char **argv)
{
    int t;
    double mine, all = 0.0;
    long s;
    const char *name = argc > 0 ? argv[0] : "strict_warnings";

    lock = upc_all_lock_alloc();
    mine = relax(3);
    partial[MYTHREAD] = mine;
    upc_lock(lock);
    total += mine;
    upc_unlock(lock);
    upc_notify;
    all = mine * 0.0;           /* local work in the split phase */
    upc_wait;
    for (t = 0; t < THREADS; t++)
        all += partial[t];
    s = fill();
    if (MYTHREAD == 0) {
        long want = 3L * N * THREADS * (3L * N * THREADS - 1) / 2;
        /* 3 rounds of x = x/2 + 1 from 0: 1.75 for every element, half of them summed */
        int ok = s == want && all == 1.75 * N * THREADS / 2 && total == all;
        printf("%s\n", ok ? "PASS" : "FAIL");
        if (!ok)
            fprintf(stderr, "%s: s=%ld (want %ld) all=%g total=%g\n", name, s, want, all, total);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(lock);
    return EXIT_SUCCESS;
}
