/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * flags: --upccheck:-r
 */
/* OK: the updates of the shared histogram are made under a lock */
#include <upc.h>
#include <stdio.h>

#define NBINS 8
#define NS 16
shared [] int hist[NBINS];

static int bin_of(int sample) { return sample % NBINS; }

int main(void)
{
    int s;
    upc_lock_t *hl = upc_all_lock_alloc();
    for (s = 0; s < NS; s++) {
        upc_lock(hl);
        hist[bin_of(s * (MYTHREAD + 1))] += 1;
        upc_unlock(hl);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("hist[0] = %d\n", hist[0]);
    return 0;
}
