/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of sv_blk_size_err.upc: the layout description is the same on every thread */
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
    layout_block[MYTHREAD] = B;
    upc_barrier;
    upc_all_reduceUI(&r, v, UPC_ADD, B * THREADS, layout_block[MYTHREAD], NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("r = %u\n", r);
    return 0;
}
