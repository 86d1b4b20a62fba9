/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * stdout: the last thread holds 32 bytes
 */
/* Correct twin of affinitysize_last_thread_err.upc: the owner of the last block is (nblocks - 1) / blocks_per_thread */
#include <upc.h>
#include <stdio.h>

shared int nblocks;

int main(void)
{
    size_t owner, share;
    if (MYTHREAD == 0) nblocks = 2 * THREADS;
    upc_barrier;
    owner = (nblocks - 1) / 2;
    if (MYTHREAD == 0) {
        share = upc_affinitysize(nblocks * 16, 16, owner);
        printf("the last thread holds %d bytes\n", (int) share);
    }
    return 0;
}
