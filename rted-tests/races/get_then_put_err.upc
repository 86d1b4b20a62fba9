/* upc-check-test
 * expect: data-race
 * line: 21 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: get_then_put_err.upc:21 and get_then_put_err.upc:23
 */
/* Thread 1 reads a[0] through a pointer-to-shared, then thread 0 overwrites it without synchronization */
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
    if (MYTHREAD == 0)
        *p = 99;
    upc_barrier;
    if (MYTHREAD == 1) printf("seen %d\n", seen);
    return 0;
}
