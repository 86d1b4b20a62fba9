/* upc-check-test
 * expect: data-race
 * line: 26 30
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: per_element_locks_err.upc:26 and per_element_locks_err.upc:30
 */
/* A histogram with one lock per bin: every thread adds to the bins under the bin's lock,
   but thread 0 clears bin 2 without taking its lock. */
#include <upc.h>
#include <stdio.h>

#define BINS 8
shared int hist[BINS * THREADS];
upc_lock_t *shared binlock[BINS * THREADS];

int main(void)
{
    int i, b;
    upc_forall (b = 0; b < BINS; b++; &binlock[b])
        binlock[b] = upc_global_lock_alloc();
    upc_barrier;
    for (i = 0; i < 40; i++) {
        b = (i * 7 + MYTHREAD) % BINS;
        upc_lock(binlock[b]);
        hist[b] = hist[b] + 1;
        upc_unlock(binlock[b]);
    }
    if (MYTHREAD == 0)
        hist[2] = 0;
    upc_barrier;
    if (MYTHREAD == 0) {
        int s = 0;
        for (b = 0; b < BINS; b++) s += hist[b];
        printf("%d\n", s);
    }
    return 0;
}
