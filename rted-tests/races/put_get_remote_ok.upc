/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of put_get_remote_err.upc: the read comes after a barrier */
#include <upc.h>
#include <stdio.h>

shared int a[THREADS];

int main(void)
{
    int v = 0;
    if (MYTHREAD == 0)
        a[1] = 42;
    upc_barrier;
    if (MYTHREAD == 1)
        v = a[MYTHREAD];
    printf("%d\n", v >= 0);
    return 0;
}
