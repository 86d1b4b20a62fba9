/* upc-check-test
 * expect: forall-collective
 * line: 22
 * threads: 2 4
 */
/* Error: a checkpoint barrier is placed inside the body of a upc_forall, so only the thread that owns that iteration executes it */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int a[N * THREADS];
shared int checkpoint_at;

int main(void)
{
    int i;
    if (MYTHREAD == 0) checkpoint_at = N;
    upc_barrier;
    upc_forall (i = 0; i < N * THREADS; i++; &a[i]) {
        a[i] = i * i;
        if (i == checkpoint_at)
            upc_barrier;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("a[%d] = %d\n", N, a[N]);
    return 0;
}
