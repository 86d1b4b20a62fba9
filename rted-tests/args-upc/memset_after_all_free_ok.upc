/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of memset_after_all_free_err.upc: the array is cleared before it is released */
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
    }
    if (MYTHREAD == 0)
        upc_memset(work, 0, THREADS * sizeof(int));
    upc_barrier;
    upc_all_free(work);
    return 0;
}
