/* upc-check-test
 * expect: invalid-argument
 * line: 30
 * threads: 2 4 8
 * report: was freed at memset_after_all_free_err.upc:25 by upc_all_free, called by every thread
 */
/* Error: the work array is released after the number of passes read from shared data, but the reset after the loop still clears it */
#include <upc.h>
#include <stdio.h>

shared int passes;

int main(void)
{
    shared int *work;
    int p;
    if (MYTHREAD == 0)
        passes = 2;
    upc_barrier;
    work = (shared int *) upc_all_alloc(THREADS, 8 * sizeof(int));
    for (p = 0; p < 3; p++) {
        work[MYTHREAD] += p;
        upc_barrier;
        if (p == passes - 1) {
            upc_all_free(work);
            break;
        }
    }
    if (MYTHREAD == 0)
        upc_memset(work, 0, THREADS * sizeof(int));
    upc_barrier;
    return 0;
}
