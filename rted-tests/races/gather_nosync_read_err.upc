/* upc-check-test
 * expect: data-race
 * line: 21 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: gather_nosync_read_err.upc:21 and gather_nosync_read_err.upc:23
 */
/* Thread 0 reads the gathered array right after a UPC_OUT_NOSYNC gather */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int part[THREADS];
shared [] int whole[8];

int main(void)
{
    int i, s = 0;
    part[MYTHREAD] = MYTHREAD;
    upc_all_gather(whole, part, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_NOSYNC);
    upc_all_gather(whole, part, sizeof(int), UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    if (MYTHREAD == 0)
        for (i = 0; i < THREADS; i++) s += whole[i];
    upc_barrier;
    if (MYTHREAD == 0) printf("%d\n", s >= 0);
    return 0;
}
