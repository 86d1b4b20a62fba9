/* upc-check-test
 * expect: data-race
 * line: 18 20
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: put_get_remote_err.upc:18 and put_get_remote_err.upc:20
 */
/* Thread 0 writes thread 1's element while thread 1 reads it, no barrier */
#include <upc.h>
#include <stdio.h>

shared int a[THREADS];

int main(void)
{
    int v = 0;
    if (MYTHREAD == 0)
        a[1] = 42;
    if (MYTHREAD == 1)
        v = a[MYTHREAD];
    upc_barrier;
    printf("%d\n", v >= 0);
    return 0;
}
