/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of broadcast_dst_affinity_err.upc: the destination starts at element 0 */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int value;
shared int copies[2 * THREADS];
shared int first;

int main(void)
{
    if (MYTHREAD == 0) { value = 9; first = 0; }
    upc_barrier;
    upc_all_broadcast(&copies[first], &value, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: %d\n", MYTHREAD, copies[MYTHREAD + first]);
    return 0;
}
