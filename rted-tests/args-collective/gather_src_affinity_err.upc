/* upc-check-test
 * expect: invalid-argument
 * line: 24
 * threads: 2 4
 */
/* Error: the gather source starts at the element after the first, which has affinity to thread 1 */
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
        skip_header = 1;
    }
    upc_barrier;
    upc_all_gather(all, &part[skip_header], sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("all[1] = %d\n", all[1]);
    return 0;
}
