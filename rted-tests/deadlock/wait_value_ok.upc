/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of wait_value_err.upc: the wait value equals the notify value on every thread */
#include <upc.h>
#include <stdio.h>

shared int extra[THREADS];

int main(void)
{
    int v = 5;
    extra[MYTHREAD] = 0;
    upc_barrier;
    upc_notify v;
    v += extra[MYTHREAD];
    upc_wait v;
    if (MYTHREAD == 0) printf("split barrier passed\n");
    return 0;
}
