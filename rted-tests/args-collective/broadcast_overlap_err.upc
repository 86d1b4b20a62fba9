/* upc-check-test
 * expect: invalid-argument
 * line: 23
 * threads: 2 4
 */
/* Error: the source element is taken from the destination array itself (index read from shared data), so source and destination overlap */
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
    if (MYTHREAD == 0) in_place = 1;
    upc_barrier;
    src = in_place ? &result[THREADS - 1] : &table[THREADS - 1];
    upc_all_broadcast(result, src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: %d\n", MYTHREAD, result[MYTHREAD]);
    return 0;
}
