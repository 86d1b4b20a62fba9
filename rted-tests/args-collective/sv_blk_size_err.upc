/* upc-check-test
 * expect: single-valued-mismatch
 * line: 22
 * threads: 2 4
 */
/* Error: the block size of the reduction comes from a per-thread layout description that is wrong on the last thread */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define B 2
shared [B] unsigned v[B * THREADS];
shared unsigned r;
shared int layout_block[THREADS];

int main(void)
{
    v[MYTHREAD * B] = 1;
    v[MYTHREAD * B + 1] = 2;
    layout_block[MYTHREAD] = (MYTHREAD == THREADS - 1) ? 1 : B;
    upc_barrier;
    upc_all_reduceUI(&r, v, UPC_ADD, B * THREADS, layout_block[MYTHREAD], NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("r = %u\n", r);
    return 0;
}
