/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of sv_flags_err.upc: every thread passes the same flags */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int part[THREADS];
shared [] int *shared all;
shared int relaxed_mode[THREADS];

int main(void)
{
    upc_flag_t flags;
    part[MYTHREAD] = MYTHREAD;
    relaxed_mode[MYTHREAD] = 0;
    if (MYTHREAD == 0) all = (shared [] int *) upc_alloc(THREADS * sizeof(int));
    upc_barrier;
    flags = relaxed_mode[MYTHREAD] ? (UPC_IN_NOSYNC | UPC_OUT_NOSYNC) : (UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_gather(all, part, sizeof(int), flags);
    if (MYTHREAD == 0) printf("all[0] = %d\n", all[0]);
    return 0;
}
