/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of all_alloc_ring_err.upc: a barrier between filling and reading */
#include <upc.h>
#include <stdio.h>

int main(void)
{
    shared int *ring = (shared int *)upc_all_alloc(THREADS, sizeof(int));
    int next;
    ring[MYTHREAD] = MYTHREAD * 3;
    upc_barrier;
    next = ring[(MYTHREAD + 1) % THREADS];
    printf("%d\n", next);
    upc_barrier;
    upc_all_free(ring);
    return 0;
}
