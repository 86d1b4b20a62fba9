/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of half_ring_overlap_err.upc: a barrier between the two writes. */
#include <upc.h>
#include <stdio.h>

shared long w[THREADS];

int main(void)
{
    w[MYTHREAD] = MYTHREAD;
    upc_barrier;
    w[(MYTHREAD + THREADS / 2) % THREADS] += 100;
    upc_barrier;
    if (MYTHREAD == 0) printf("%ld\n", w[0]);
    return 0;
}
