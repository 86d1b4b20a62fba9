/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of memput_malloc_too_small_err.upc: only the filled part of the staging buffer is sent */
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
    upc_memput(&blocks[B * MYTHREAD], stage, n * sizeof(double));
    upc_barrier;
    free(stage);
    printf("thread %d done\n", MYTHREAD);
    return 0;
}
