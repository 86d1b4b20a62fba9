/* upc-check-test
 * expect: data-race
 * line: 17 18
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: half_ring_overlap_err.upc:17 and half_ring_overlap_err.upc:18
 */
/* Every thread writes its own element and the one half the ring away (THREADS / 2 to its
   right), which that thread is writing. */
#include <upc.h>
#include <stdio.h>

shared long w[THREADS];

int main(void)
{
    w[MYTHREAD] = MYTHREAD;
    w[(MYTHREAD + THREADS / 2) % THREADS] = 100 + MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0) printf("%ld\n", w[0]);
    return 0;
}
