/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the destination is the start of the matrix, with affinity to thread 0 */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define W 6
shared [W] double mat[W * THREADS];
shared [] double row0[W];
shared int r;

int main(void)
{
    int i;
    if (MYTHREAD == 0) { for (i = 0; i < W; i++) row0[i] = i; r = 0; }
    upc_barrier;
    upc_all_broadcast(&mat[r * W], row0, W * sizeof(double), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: %g\n", MYTHREAD, mat[MYTHREAD * W + 2]);
    return 0;
}
