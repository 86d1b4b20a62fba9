/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of alloc_vs_barrier_err.upc: every thread calls upc_all_alloc */
#include <upc.h>
#include <stdio.h>

shared int need[THREADS];

int main(void)
{
    shared int *buf = NULL;
    need[MYTHREAD] = 1;
    upc_barrier;
    if (need[MYTHREAD])
        buf = (shared int *) upc_all_alloc(THREADS, sizeof(int));
    upc_barrier;
    if (buf != NULL) buf[MYTHREAD] = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0) printf("allocated\n");
    return 0;
}
