/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4
 * value: threadid = {THREADS}
 */
/* Error: the loop that prints each thread's share runs one past the last thread, passing threadid == THREADS to upc_affinitysize */
#include <upc.h>
#include <stdio.h>

shared int nbytes_per_block;

int main(void)
{
    size_t t;
    if (MYTHREAD == 0) nbytes_per_block = 12;
    upc_barrier;
    if (MYTHREAD == 0)
        for (t = 0; t <= THREADS; t++)
            printf("thread %d holds %d bytes\n", (int) t, (int) upc_affinitysize(40, nbytes_per_block, t));
    return 0;
}
