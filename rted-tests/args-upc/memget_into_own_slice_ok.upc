/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the destination is a private array */
#include <upc.h>
#include <stdio.h>

#define B 10
shared [B] int blk[B * THREADS];

int main(void)
{
    int priv[B], i, *dst;
    int *mine = (int *) &blk[MYTHREAD * B];
    for (i = 0; i < B; i++) blk[MYTHREAD * B + i] = i;
    dst = priv;
    upc_memget(dst, &blk[MYTHREAD * B], (B - 2) * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 0) printf("dst[0] = %d\n", dst[0]);
    return 0;
}
