/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of broadcast_overlap_err.upc: the source element comes from a separate array */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int table[THREADS];
shared int result[THREADS];
shared int in_place;

int main(void)
{
    shared int *src;
    table[MYTHREAD] = MYTHREAD * 3;
    result[MYTHREAD] = MYTHREAD * 3;
    if (MYTHREAD == 0) in_place = 0;
    upc_barrier;
    src = in_place ? &result[THREADS - 1] : &table[THREADS - 1];
    upc_all_broadcast(result, src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: %d\n", MYTHREAD, result[MYTHREAD]);
    return 0;
}
