/* upc-check-test
 * expect: invalid-argument
 * line: 19
 * threads: 2 3 4 8
 */
/* Error: a thread fetches its own block with upc_memget into a private pointer that was cast from the same block shifted by 2 elements, so the private destination overlaps the shared source */
#include <upc.h>
#include <stdio.h>

#define B 10
shared [B] int blk[B * THREADS];

int main(void)
{
    int priv[B], i, *dst;
    int *mine = (int *) &blk[MYTHREAD * B];
    for (i = 0; i < B; i++) blk[MYTHREAD * B + i] = i;
    dst = mine + 2;
    upc_memget(dst, &blk[MYTHREAD * B], (B - 2) * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 0) printf("dst[0] = %d\n", dst[0]);
    return 0;
}
