/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * files: wait_in_helper_skipped_lib.upc
 */
/* Correct twin: the helper always completes the split barrier with upc_wait */
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
        finish_phase(work[MYTHREAD] + 1);
    }
    if (MYTHREAD == 0) printf("done\n");
    return 0;
}
