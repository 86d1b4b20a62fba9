/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of barrier_in_split_err.upc: the helper does not synchronize */
#include <upc.h>
#include <stdio.h>

shared int check[THREADS];
shared int data[THREADS];

void verify(void)
{
    if (check[MYTHREAD])
        data[MYTHREAD] += 10;
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
