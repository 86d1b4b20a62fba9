/* free_variants.upc -- UPC 1.3's rule that any free function may free any kind
 * of allocation, as library code ends up relying on: a upc_all_alloc'd array
 * released by one thread with upc_free, a upc_alloc'd block released by
 * another thread, a upc_global_alloc'd array released collectively with
 * upc_all_free, locks released with upc_lock_free by a thread that did not
 * allocate them and with upc_all_lock_free; null pointers passed to every
 * free function. */
#include <upc.h>
#include <stdio.h>

shared [] int *shared handoff[THREADS];
shared int *shared global_arr;
upc_lock_t *shared lock_from_1;
shared int done[THREADS];

int main(void)
{
    int me = MYTHREAD, next = (MYTHREAD + 1) % THREADS, i;
    shared int *all = (shared int *)upc_all_alloc(THREADS, 4 * sizeof(int));
    upc_lock_t *coll_lock = upc_all_lock_alloc();

    /* 1. an upc_all_alloc'd array, used, then freed by thread 0 alone */
    upc_forall (i = 0; i < 4 * THREADS; i++; &all[i])
        all[i] = i;
    upc_barrier;
    if (me == 0) {
        long s = 0;
        for (i = 0; i < 4 * THREADS; i++) s += all[i];
        printf("all_alloc sum ok: %d\n", s == 4L * THREADS * (4 * THREADS - 1) / 2);
        upc_free(all);
    }

    /* 2. my upc_alloc'd block, freed by the next thread */
    handoff[me] = (shared [] int *)upc_alloc(8 * sizeof(int));
    for (i = 0; i < 8; i++) handoff[me][i] = me * 8 + i;
    upc_barrier;
    {
        int prev = (me + THREADS - 1) % THREADS;
        shared [] int *blk = handoff[prev];
        int ok = blk[7] == prev * 8 + 7;
        upc_free(blk);
        done[me] = ok;
    }

    /* 3. a upc_global_alloc'd array from the last thread, freed collectively */
    if (me == THREADS - 1)
        global_arr = (shared int *)upc_global_alloc(THREADS, sizeof(int));
    upc_barrier;
    global_arr[me] = me;
    upc_barrier;
    if (me == 0) {
        int ok = 1;
        for (i = 0; i < THREADS; i++) ok &= done[i] && global_arr[i] == i;
        printf("handoff frees and global_alloc ok: %d\n", ok);
    }
    upc_barrier;
    upc_all_free(global_arr);

    /* 4. a lock allocated by thread 1 (or 0), freed by thread 0 after use */
    if (me == (THREADS > 1 ? 1 : 0))
        lock_from_1 = upc_global_lock_alloc();
    upc_barrier;
    upc_lock(lock_from_1);
    done[next] += 0;                  /* a critical section */
    upc_unlock(lock_from_1);
    upc_barrier;
    if (me == 0)
        upc_lock_free(lock_from_1);
    upc_lock(coll_lock);
    upc_unlock(coll_lock);
    upc_barrier;
    upc_all_lock_free(coll_lock);

    /* 5. null pointers */
    upc_free(NULL);
    upc_all_free(NULL);
    upc_lock_free(NULL);
    upc_all_lock_free(NULL);
    upc_barrier;
    if (me == 0)
        printf("frees done\n");
    return 0;
}
