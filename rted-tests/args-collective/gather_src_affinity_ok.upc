/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of gather_src_affinity_err.upc: the source starts at element 0 */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int part[2 * THREADS];
shared [] int *shared all;
shared int skip_header;

int main(void)
{
    part[MYTHREAD] = MYTHREAD;
    part[MYTHREAD + THREADS] = MYTHREAD;
    if (MYTHREAD == 0) {
        all = (shared [] int *) upc_alloc(THREADS * sizeof(int));
        skip_header = 0;
    }
    upc_barrier;
    upc_all_gather(all, &part[skip_header], sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("all[1] = %d\n", all[1]);
    return 0;
}
