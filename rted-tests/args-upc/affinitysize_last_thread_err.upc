/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4 8
 * value: threadid = {THREADS}
 */
/* Error: the owner of the last block is computed as nblocks / blocks_per_thread, which is THREADS, one past the last thread */
#include <upc.h>
#include <stdio.h>

shared int nblocks;

int main(void)
{
    size_t owner, share;
    if (MYTHREAD == 0) nblocks = 2 * THREADS;
    upc_barrier;
    owner = nblocks / 2;
    if (MYTHREAD == 0) {
        share = upc_affinitysize(nblocks * 16, 16, owner);
        printf("the last thread holds %d bytes\n", (int) share);
    }
    return 0;
}
