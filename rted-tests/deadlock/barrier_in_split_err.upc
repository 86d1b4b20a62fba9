/* upc-check-test
 * expect: split-barrier
 * line: 16
 * threads: 2 4 8
 */
/* Error: a helper called between upc_notify and upc_wait executes a upc_barrier on threads with a set flag */
#include <upc.h>
#include <stdio.h>

shared int check[THREADS];
shared int data[THREADS];

void verify(void)
{
    if (check[MYTHREAD])
        upc_barrier;
    data[MYTHREAD] += 1;
}

int main(void)
{
    check[MYTHREAD] = (MYTHREAD == 0);
    upc_barrier;
    upc_notify;
    verify();
    upc_wait;
    if (MYTHREAD == 0) printf("data[0] = %d\n", data[0]);
    return 0;
}
