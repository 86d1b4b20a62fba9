/* upc-check-test
 * expect: invalid-argument
 * line: 21
 * threads: 2 3 4 8
 */
/* Error: the broadcast destination is row r of a blocked matrix, where r comes from a shared setting; for r = 1 the row has affinity to thread 1, not thread 0 */
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
    if (MYTHREAD == 0) { for (i = 0; i < W; i++) row0[i] = i; r = 1; }
    upc_barrier;
    upc_all_broadcast(&mat[r * W], row0, W * sizeof(double), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: %g\n", MYTHREAD, mat[MYTHREAD * W + 2]);
    return 0;
}
