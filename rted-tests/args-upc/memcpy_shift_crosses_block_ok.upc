/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: the shifted copy takes only the B - by elements left in the block */
#include <upc.h>
#include <stdio.h>

#define B 8
shared [B] int row[B * THREADS];
shared [B] int out[B * THREADS];

void shift_block(t, by)
int t, by;
{
    upc_memcpy(&out[t * B], &row[t * B + by], (B - by) * sizeof(int));
}

int main()
{
    int i;
    for (i = 0; i < B; i++)
        row[MYTHREAD * B + i] = i;
    upc_barrier;
    shift_block(MYTHREAD, 2);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("out[0] = %d\n", out[0]);
    return 0;
}
