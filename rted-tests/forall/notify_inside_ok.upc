/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of notify_inside_err.upc: the split barrier is started after the loop */
#include <upc.h>
#include <stdio.h>

#define N 4
shared [N] int a[N * THREADS];

int main(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &a[i]) {
        a[i] = i;
    }
    {
        upc_notify;
    }
    upc_wait;
    if (MYTHREAD == 0) printf("a[%d] = %d\n", N - 1, a[N - 1]);
    return 0;
}
