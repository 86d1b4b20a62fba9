/* upc-check-test
 * expect: invalid-argument
 * line: 19
 * threads: 2 4
 */
/* Error: the destination starts at the element chosen by a shared index (1), which has affinity to thread 1, not thread 0 */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int value;
shared int copies[2 * THREADS];
shared int first;

int main(void)
{
    if (MYTHREAD == 0) { value = 9; first = 1; }
    upc_barrier;
    upc_all_broadcast(&copies[first], &value, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: %d\n", MYTHREAD, copies[MYTHREAD + first]);
    return 0;
}
