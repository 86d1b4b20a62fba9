/* upc-check-test
 * expect: split-barrier
 * line: 20
 * threads: 2 3 4
 * files: wait_in_helper_skipped_lib.upc
 */
/* Error: the split barrier's upc_wait is in a helper of another file that returns early when the exchange has no work, so the next upc_notify comes while the first is still pending */
#include <upc.h>
#include <stdio.h>

extern void finish_phase(int work);
shared int work[THREADS];

int main(void)
{
    int it;
    work[MYTHREAD] = MYTHREAD;
    upc_barrier;
    for (it = 0; it < 3; it++) {
        upc_notify it;
        finish_phase(work[MYTHREAD]);
    }
    if (MYTHREAD == 0) printf("done\n");
    return 0;
}
