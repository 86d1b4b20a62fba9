/* upc-check-test
 * expect: data-race
 * line: 21
 * threads: 2 4 8
 * flags: --upccheck:-r
 */
/* Error: every thread adds its samples into the shared histogram; bin 0 is filled by all threads with plain updates, no lock */
#include <upc.h>
#include <stdio.h>

#define NBINS 8
#define NS 16
shared [] int hist[NBINS];

static int bin_of(int sample) { return sample % NBINS; }

int main(void)
{
    int s;
    for (s = 0; s < NS; s++)
        hist[bin_of(s * (MYTHREAD + 1))] += 1;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("hist[0] = %d\n", hist[0]);
    return 0;
}
