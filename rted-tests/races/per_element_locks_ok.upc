/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of per_element_locks_err.upc: thread 0 clears bin 2 under its lock. */
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
    if (MYTHREAD == 0) {
        upc_lock(binlock[2]);
        hist[2] = 0;
        upc_unlock(binlock[2]);
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        int s = 0;
        for (b = 0; b < BINS; b++) s += hist[b];
        printf("%d\n", s);
    }
    return 0;
}
