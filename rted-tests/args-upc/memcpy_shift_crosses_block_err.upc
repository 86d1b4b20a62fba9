/* upc-check-test
 * expect: invalid-argument
 * line: 17
 * threads: 2 4 8
 */
/* Error: K&R-style shift of a blocked row: the copy starts two elements into the thread's block and copies a whole block, so it runs past the end of the block into the next thread's */
#include <upc.h>
#include <stdio.h>

#define B 8
shared [B] int row[B * THREADS];
shared [B] int out[B * THREADS];

void shift_block(t, by)
int t, by;
{
    upc_memcpy(&out[t * B], &row[t * B + by], B * sizeof(int));
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
