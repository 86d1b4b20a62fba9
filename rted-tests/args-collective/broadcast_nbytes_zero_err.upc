/* upc-check-test
 * expect: invalid-argument
 * line: 22
 * threads: 2 4
 * value: nbytes = 0
 */
/* Error: the element count is computed with integer division that rounds down to 0, so upc_all_broadcast gets nbytes == 0 */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int total_items;
shared int src[THREADS];
shared int dst[THREADS];

int main(void)
{
    int per_thread;
    if (MYTHREAD == 0) { total_items = 1; src[0] = 5; }
    upc_barrier;
    per_thread = total_items / THREADS;
    upc_all_broadcast(dst, src, per_thread * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: dst = %d\n", MYTHREAD, dst[MYTHREAD]);
    return 0;
}
