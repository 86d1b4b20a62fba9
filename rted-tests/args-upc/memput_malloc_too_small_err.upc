/* upc-check-test
 * expect: invalid-argument
 * line: 29
 * threads: 2 4 8
 * value: n = 96
 * report: private buffer too small: its malloc block holds
 * report: but 96 bytes are transferred
 */
/* Error: the staging buffer holds 3 doubles but upc_memput sends the 12 doubles of a full block from it */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define B 12
shared [B] double blocks[B * THREADS];
shared int fill;

int main(void)
{
    double *stage;
    int i, n;
    if (MYTHREAD == 0)
        fill = 3;
    upc_barrier;
    n = fill;
    stage = malloc(n * sizeof(double));
    for (i = 0; i < n; i++)
        stage[i] = MYTHREAD + i * 0.5;
    upc_memput(&blocks[B * MYTHREAD], stage, B * sizeof(double));
    upc_barrier;
    free(stage);
    printf("thread %d done\n", MYTHREAD);
    return 0;
}
