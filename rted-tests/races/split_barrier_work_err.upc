/* upc-check-test
 * expect: data-race
 * line: 24 25
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: split_barrier_work_err.upc:24 and split_barrier_work_err.upc:25
 */
/* Split-phase barrier used to overlap a local computation: each thread updates its own
   element between upc_notify and upc_wait, while its left neighbour already reads it there. */
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
    u[MYTHREAD] = acc;
    left = u[(MYTHREAD + 1) % THREADS];
    upc_wait;
    printf("%d: %g\n", MYTHREAD, left);
    return 0;
}
