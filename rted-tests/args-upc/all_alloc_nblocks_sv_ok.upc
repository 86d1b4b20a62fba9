/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of all_alloc_nblocks_sv_err.upc: every thread asks for THREADS blocks */
#include <upc.h>
#include <stdio.h>

shared int spare[THREADS];

int main(void)
{
    shared int *v;
    spare[MYTHREAD] = 0;
    upc_barrier;
    v = (shared int *) upc_all_alloc(THREADS + spare[MYTHREAD], sizeof(int));
    v[MYTHREAD] = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0) printf("v[%d] = %d\n", THREADS - 1, v[THREADS - 1]);
    return 0;
}
