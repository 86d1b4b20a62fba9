/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of get_then_put_err.upc: the overwrite waits for a barrier */
#include <upc.h>
#include <stdio.h>

shared int a[THREADS];

int main(void)
{
    shared int *p = &a[0];
    int seen = -1;
    a[MYTHREAD] = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 1)
        seen = *p;
    upc_barrier;
    if (MYTHREAD == 0)
        *p = 99;
    upc_barrier;
    if (MYTHREAD == 1) printf("seen %d\n", seen);
    return 0;
}
