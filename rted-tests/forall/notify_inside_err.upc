/* upc-check-test
 * expect: forall-collective
 * line: 19
 * threads: 2 4
 */
/* Error: the loop body starts a split barrier with upc_notify on the iteration that finishes the thread's block */
#include <upc.h>
#include <stdio.h>

#define N 4
shared [N] int a[N * THREADS];

int main(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &a[i]) {
        a[i] = i;
        if (i % N == N - 1)
            upc_notify;
    }
    upc_wait;
    if (MYTHREAD == 0) printf("a[%d] = %d\n", N - 1, a[N - 1]);
    return 0;
}
