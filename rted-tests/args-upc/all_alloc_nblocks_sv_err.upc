/* upc-check-test
 * expect: single-valued-mismatch
 * line: 17
 * threads: 2 4
 */
/* Error: thread 0 asks upc_all_alloc for one block more than the other threads */
#include <upc.h>
#include <stdio.h>

shared int spare[THREADS];

int main(void)
{
    shared int *v;
    spare[MYTHREAD] = (MYTHREAD == 0);
    upc_barrier;
    v = (shared int *) upc_all_alloc(THREADS + spare[MYTHREAD], sizeof(int));
    v[MYTHREAD] = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0) printf("v[%d] = %d\n", THREADS - 1, v[THREADS - 1]);
    return 0;
}
