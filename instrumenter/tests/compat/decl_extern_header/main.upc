#include <stdio.h>
#include "globals.h"

static shared int calls[THREADS];     /* not the one in work.upc */

int main(void)
{
    int b, total = 0;

    if (MYTHREAD == 0)
        total_lock = upc_global_lock_alloc();
    calls[MYTHREAD] = 100;
    upc_barrier;
    generate(1234 + MYTHREAD);
    bin_samples();
    upc_barrier;
    if (MYTHREAD == 0) {
        int expect[NBINS] = {0}, t, i, ok = 1;
        unsigned long st;
        for (t = 0; t < THREADS; t++) {
            st = 1234UL + t;
            for (i = 0; i < PER_THREAD; i++) {
                st = st * 1103515245UL + 12345UL;
                expect[((int) ((st >> 16) & 0x7fff)) % NBINS]++;
            }
        }
        for (b = 0; b < NBINS; b++) {
            total += merged_bin(b);
            if (merged_bin(b) != expect[b])
                ok = 0;
        }
        for (t = 0; t < THREADS; t++)
            if (calls[t] != 100)
                ok = 0;
        printf("histogram total %s, lock-protected count %s, bins %s\n",
               total == PER_THREAD * THREADS ? "right" : "wrong",
               total_count == PER_THREAD * THREADS ? "right" : "wrong",
               ok ? "right" : "wrong");
        upc_lock_free(total_lock);
    }
    return 0;
}
