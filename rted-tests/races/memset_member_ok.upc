/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of memset_member_err.upc: the rows are written, then a barrier, then cleared. */
#include <upc.h>
#include <stdio.h>

#define W 16
shared [W] char table[W * THREADS];

int main(void)
{
    int k;
    for (k = 0; k < W; k++)
        table[MYTHREAD * W + k] = 'a' + k;
    upc_barrier;
    upc_memset(&table[((MYTHREAD + 1) % THREADS) * W], 0, W);
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, table[MYTHREAD * W]);
    return 0;
}
