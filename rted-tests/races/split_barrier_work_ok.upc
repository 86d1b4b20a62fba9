/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of split_barrier_work_err.upc: the local work between notify and wait touches
   private data only; the neighbour's element is read after upc_wait. */
#include <upc.h>
#include <stdio.h>

shared double u[THREADS];

int main(void)
{
    double left, acc = 0;
    int k;
    u[MYTHREAD] = MYTHREAD;
    upc_barrier;
    upc_notify;
    for (k = 0; k < 100; k++)
        acc += k * 0.5;
    upc_wait;
    left = u[(MYTHREAD + 1) % THREADS];
    upc_barrier;
    u[MYTHREAD] = acc;
    upc_barrier;
    printf("%d: %g\n", MYTHREAD, left + u[MYTHREAD]);
    return 0;
}
