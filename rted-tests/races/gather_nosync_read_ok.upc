/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of gather_nosync_read_err.upc: the gather synchronizes on exit */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int part[THREADS];
shared [] int whole[8];

int main(void)
{
    int i, s = 0;
    part[MYTHREAD] = MYTHREAD;
    upc_all_gather(whole, part, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        for (i = 0; i < THREADS; i++) s += whole[i];
    upc_barrier;
    if (MYTHREAD == 0) printf("%d\n", s);
    return 0;
}
