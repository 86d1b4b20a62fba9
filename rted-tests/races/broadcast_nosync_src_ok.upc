/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of broadcast_nosync_src_err.upc: the broadcast synchronizes on exit */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 4
shared [] int src[N];
shared [N] int dst[N * THREADS];

int main(void)
{
    int i;
    if (MYTHREAD == 0)
        for (i = 0; i < N; i++) src[i] = i;
    upc_barrier;
    upc_all_broadcast(dst, src, N * sizeof(int), UPC_IN_NOSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        src[0] = -1;
    upc_barrier;
    if (MYTHREAD == 0) printf("%d\n", dst[N]);
    return 0;
}
