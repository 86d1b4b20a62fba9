/* upc-check-test
 * expect: invalid-argument
 * line: 22
 * threads: 2 4
 */
/* Error: blk_size is passed as 2 for an array with block size 4, and the source starts at phase 2, which is not below blk_size */
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
    upc_all_reduceI(&r, &v[header], UPC_ADD, B * THREADS - header, B / 2, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("r = %d\n", r);
    return 0;
}
