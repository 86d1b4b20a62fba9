/* upc-check-test
 * expect: data-race
 * line: 22 24
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: timestep_second_iter_err.upc:22 and timestep_second_iter_err.upc:24
 */
/* Heat-equation time steps: the copy of the new values into the old array is not
   followed by a barrier, so in the second step a thread reads its neighbour's old value
   while the neighbour is still copying. */
#include <upc.h>
#include <stdio.h>

shared double oldv[THREADS], newv[THREADS];

int main(void)
{
    int step, me = MYTHREAD, l = (MYTHREAD + THREADS - 1) % THREADS;
    oldv[me] = me;
    upc_barrier;
    for (step = 0; step < 3; step++) {
        newv[me] = 0.5 * (oldv[me] + oldv[l]);
        upc_barrier;
        oldv[me] = newv[me];
    }
    upc_barrier;
    if (me == 0) printf("%g\n", oldv[0]);
    return 0;
}
