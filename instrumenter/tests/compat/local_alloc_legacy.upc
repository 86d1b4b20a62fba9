/* local_alloc_legacy.upc -- a UPC 1.1-era test kept portable: every thread
 * allocates its own piece, with upc_local_alloc on compilers older than UPC 1.3
 * (which removed it) and upc_alloc otherwise, reaches it through an
 * indefinite-block pointer and publishes it in a directory indexed by MYTHREAD. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>

#define NELEMS 10

shared [] int *shared directory[THREADS];
shared int errors = 0;

int main(void)
{
    int i, t;
    shared [] int *mine;
    upc_lock_t *lock = upc_all_lock_alloc();

#if defined(__UPC_VERSION__) && __UPC_VERSION__ >= 201311L
    mine = (shared [] int *)upc_alloc(NELEMS * sizeof(int));
#else
    mine = (shared [] int *)upc_local_alloc(NELEMS, sizeof(int));
#endif
    if (mine == NULL) {
        fprintf(stderr, "thread %d: upc_local_alloc failed\n", MYTHREAD);
        upc_global_exit(1);
    }
    if (upc_threadof(mine) != (size_t)MYTHREAD) {
        fprintf(stderr, "thread %d: memory has affinity to %d\n", MYTHREAD,
                (int)upc_threadof(mine));
        upc_global_exit(1);
    }
    for (i = 0; i < NELEMS; i++)
        mine[i] = MYTHREAD * 100 + i;
    directory[MYTHREAD] = mine;
    upc_barrier;

    /* every thread reads its right neighbour's piece */
    t = (MYTHREAD + 1) % THREADS;
    {
        shared [] int *p = directory[t];
        int bad = 0;
        for (i = 0; i < NELEMS; i++)
            if (p[i] != t * 100 + i)
                bad++;
        if (upc_threadof(p) != (size_t)t || upc_phaseof(p) != 0)
            bad++;
        if (bad) {
            upc_lock(lock);
            errors += bad;
            upc_unlock(lock);
        }
    }
    upc_barrier;
    upc_free(mine);
    if (MYTHREAD == 0)
        upc_lock_free(lock);
    upc_barrier;
    if (MYTHREAD == 0) {
        printf("local allocation: %d threads x %d ints\n", THREADS, NELEMS);
        printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
    }
    return errors != 0;
}
