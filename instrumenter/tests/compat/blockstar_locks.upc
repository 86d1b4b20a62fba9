/* Block-size [*] arrays (dynamic THREADS), an array of lock pointers
   allocated one per thread with upc_global_lock_alloc, a per-thread
   locked work queue using upc_lock_attempt, and upc_lock_free. */
#include <upc_strict.h>
#include <stdio.h>

#define PER 100
shared [*] int vals[PER*THREADS];
shared [*] long owner_sum[THREADS*1];
upc_lock_t *shared qlock[THREADS];
shared int qhead[THREADS];          /* next task index in each thread's queue */
shared int done_by[PER*THREADS];

static int grab(int q)
{
    int t = -1;
    if (upc_lock_attempt(qlock[q])) {
        if (qhead[q] < PER) {
            t = q*PER + qhead[q];
            qhead[q] = qhead[q] + 1;
        }
        upc_unlock(qlock[q]);
    } else {
        upc_lock(qlock[q]);
        if (qhead[q] < PER) {
            t = q*PER + qhead[q];
            qhead[q] = qhead[q] + 1;
        }
        upc_unlock(qlock[q]);
    }
    return t;
}

int main()
{
    int i, q, t, mine = 0;
    long s = 0;

    if (upc_blocksizeof(vals) != PER || upc_blocksizeof(owner_sum) != 1) {
        printf("blocksizeof wrong: %lu %lu\n", (unsigned long) upc_blocksizeof(vals), (unsigned long) upc_blocksizeof(owner_sum));
        return 1;
    }
    qlock[MYTHREAD] = upc_global_lock_alloc();
    upc_forall (i = 0; i < PER*THREADS; i++; &vals[i]) {
        vals[i] = i;
        done_by[i] = -1;
        if (upc_threadof(&vals[i]) != i / PER)
            printf("affinity wrong at %d\n", i);
    }
    upc_barrier;
    /* work on own queue first, then steal round-robin */
    for (q = 0; q < THREADS; q++) {
        int qq = (MYTHREAD + q) % THREADS;
        while ((t = grab(qq)) >= 0) {
            s += vals[t];
            done_by[t] = MYTHREAD;
            mine++;
        }
    }
    owner_sum[MYTHREAD] = s;
    upc_barrier;
    if (MYTHREAD == 0) {
        long tot = 0;
        int missing = 0;
        for (i = 0; i < THREADS; i++)
            tot += owner_sum[i];
        for (i = 0; i < PER*THREADS; i++)
            if (done_by[i] < 0)
                missing++;
        printf("tasks %d, sum %ld (expect %ld), missing %d\n", PER*THREADS, tot,
               (long) PER*THREADS*(PER*THREADS-1)/2, missing);
    }
    upc_barrier;
    upc_lock_free(qlock[MYTHREAD]);
    return 0;
}
