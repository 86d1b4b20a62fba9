/* upc-check-test
 * expect: data-race
 * line: 20 21
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: memset_member_err.upc:20 and memset_member_err.upc:21
 */
/* upc_memset clears the neighbour's row of a shared table while the neighbour is still
   writing its row. */
#include <upc.h>
#include <stdio.h>

#define W 16
shared [W] char table[W * THREADS];

int main(void)
{
    int k;
    for (k = 0; k < W; k++)
        table[MYTHREAD * W + k] = 'a' + k;
    upc_memset(&table[((MYTHREAD + 1) % THREADS) * W], 0, W);
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, table[MYTHREAD * W]);
    return 0;
}
