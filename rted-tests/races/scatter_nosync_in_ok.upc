/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of scatter_nosync_in_err.upc: the scatter synchronizes on entry */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 2
shared [] long src[N * 8];
shared [N] long dst[N * THREADS];

int main(void)
{
    int i;
    if (MYTHREAD == 0)
        for (i = 0; i < N * THREADS; i++) src[i] = i;
    upc_all_scatter(dst, src, N * sizeof(long), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("%ld\n", dst[MYTHREAD * N]);
    return 0;
}
