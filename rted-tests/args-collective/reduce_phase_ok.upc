/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of reduce_phase_err.upc: blk_size is the array's block size */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define B 4
shared [B] int v[B * THREADS];
shared int header;
shared int r;

int main(void)
{
    int i;
    for (i = 0; i < B; i++) v[MYTHREAD * B + i] = 1;
    if (MYTHREAD == 0) header = 2;
    upc_barrier;
    upc_all_reduceI(&r, &v[header], UPC_ADD, B * THREADS - header, B, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("r = %d\n", r);
    return 0;
}
