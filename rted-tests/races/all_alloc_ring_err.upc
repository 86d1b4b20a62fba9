/* upc-check-test
 * expect: data-race
 * line: 16 17
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: all_alloc_ring_err.upc:16 and all_alloc_ring_err.upc:17
 */
/* Each thread fills its element of an upc_all_alloc array and reads its neighbour's without a barrier */
#include <upc.h>
#include <stdio.h>

int main(void)
{
    shared int *ring = (shared int *)upc_all_alloc(THREADS, sizeof(int));
    int next;
    ring[MYTHREAD] = MYTHREAD * 3;
    next = ring[(MYTHREAD + 1) % THREADS];
    upc_barrier;
    printf("%d\n", next >= 0);
    upc_all_free(ring);
    return 0;
}
