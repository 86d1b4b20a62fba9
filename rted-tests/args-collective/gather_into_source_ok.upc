/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the gather destination is a separate buffer */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define W 2
shared [W] int buf[W * THREADS * 2];
shared [] int out[W * 8];
shared int where;

int main(void)
{
    shared [] int *dst;
    buf[MYTHREAD * W] = MYTHREAD;
    buf[MYTHREAD * W + 1] = -MYTHREAD;
    if (MYTHREAD == 0) where = 0;
    upc_barrier;
    dst = out + where;
    upc_all_gather(dst, buf, W * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("dst[1] = %d\n", dst[1]);
    return 0;
}
