/* upc-check-test
 * expect: data-race
 * line: 20 26
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: fence_misuse_err.upc:20 and fence_misuse_err.upc:26
 */
/* upc_fence orders only the calling thread's own accesses: a relaxed flag behind a fence
   does not make the data written before it visible to a thread that polls the flag. */
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
    if (MYTHREAD == 1) {
        upc_fence;
        v = data[1];
    }
    upc_barrier;
    if (MYTHREAD == 1) printf("%d %d\n", v, flag[1]);
    return 0;
}
