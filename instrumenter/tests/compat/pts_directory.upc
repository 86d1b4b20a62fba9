/* The "directory" idiom of UPC tutorials: every thread allocates its own
 * piece with upc_alloc and publishes it in a shared array of
 * pointers-to-shared (shared int * shared dir[THREADS]); the others reach
 * the pieces through the directory. Pieces have different sizes; a second
 * directory holds pointers to blocked data, and a shared pointer to a
 * shared pointer chases the chain. */
#include <upc.h>
#include <stdio.h>

#define BASE 10

shared int * shared dir[THREADS];
shared [] int * shared idir[THREADS];
shared int sizes[THREADS];
shared [4] double * shared bdir;
shared int * shared * shared pp;
shared long sum_seen[THREADS];

static int piece_size(int t) { return BASE + 3 * t; }

int main(void)
{
    int i, t;
    shared [] int *mine;
    long total = 0, expect = 0;

    /* an indefinite piece with affinity to this thread */
    mine = (shared [] int *) upc_alloc(piece_size(MYTHREAD) * sizeof(int));
    for (i = 0; i < piece_size(MYTHREAD); i++)
        mine[i] = 100 * MYTHREAD + i;
    idir[MYTHREAD] = mine;
    /* the same piece seen as a cyclic pointer (phase 0, on this thread) */
    dir[MYTHREAD] = (shared int *) mine;
    sizes[MYTHREAD] = piece_size(MYTHREAD);
    if (MYTHREAD == 0) {
        bdir = (shared [4] double *) upc_global_alloc(THREADS, 4 * sizeof(double));
        pp = &dir[0];
    }
    upc_barrier;

    /* read every thread's piece through the directory, starting with the
       right-hand neighbour */
    for (t = 0; t < THREADS; t++) {
        int owner = (MYTHREAD + 1 + t) % THREADS;
        shared [] int *p = idir[owner];
        for (i = 0; i < sizes[owner]; i++)
            total += p[i];
        if (upc_threadof(p) != (size_t) owner)
            printf("thread %d: piece of %d has affinity to %d\n", MYTHREAD, owner,
                   (int) upc_threadof(p));
        /* element 0 of a piece through the cyclic view */
        total -= *dir[owner];
        total += dir[owner][0];
    }
    for (t = 0; t < THREADS; t++)
        for (i = 0; i < piece_size(t); i++)
            expect += 100 * t + i;
    sum_seen[MYTHREAD] = total == expect;

    /* the blocked directory: each thread writes its own block */
    for (i = 0; i < 4; i++)
        bdir[MYTHREAD * 4 + i] = MYTHREAD + i / 4.0;
    upc_barrier;

    if (MYTHREAD == 0) {
        int ok = 1;
        double s = 0;
        for (t = 0; t < THREADS; t++)
            ok = ok && sum_seen[t];
        for (i = 0; i < 4 * THREADS; i++) {
            s += bdir[i];
            if (upc_threadof(&bdir[i]) != (size_t) (i / 4))
                ok = 0;
        }
        printf("directory sums %s\n", ok ? "agree on every thread" : "DIFFER");
        printf("blocked sum error: %.2f\n", s - 4.0 * (THREADS * (THREADS - 1) / 2) - 1.5 * THREADS);
        /* chase pp -> dir[t] -> piece */
        for (t = 0; t < THREADS; t++) {
            shared int *q = pp[t];
            if (q[0] != 100 * t)
                ok = 0;
        }
        printf("pointer chase %s, last piece holds %d ints\n", ok ? "ok" : "WRONG",
               sizes[THREADS - 1] - 3 * (THREADS - 1));
        upc_free(bdir);
    }
    upc_barrier;
    upc_free(mine);
    return 0;
}
