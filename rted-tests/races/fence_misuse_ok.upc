/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of fence_misuse_err.upc: a barrier, not a fence, orders the write and the read. */
#include <upc.h>
#include <stdio.h>

shared int data[THREADS];
shared int flag[THREADS];

int main(void)
{
    int v = 0;
    if (MYTHREAD == 0) {
        data[1] = 99;
        upc_fence;
        flag[1] = 1;
    }
    upc_barrier;
    if (MYTHREAD == 1) {
        upc_fence;
        v = data[1];
    }
    upc_barrier;
    if (MYTHREAD == 1) printf("%d %d\n", v, flag[1]);
    return 0;
}
