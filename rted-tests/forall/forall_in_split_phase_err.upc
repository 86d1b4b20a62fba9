/* upc-check-test
 * expect: split-barrier
 * line: 18
 * threads: 2 4
 */
/* Error: a controlling upc_forall (a collective operation) runs between upc_notify and
 * upc_wait: the local work put in the split phase is written as a upc_forall over the
 * thread's own elements */
#include <upc.h>
#include <stdio.h>

#define N 16
shared double x[N * THREADS], y[N * THREADS];

static void scale(double s)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &y[i])
        y[i] = s * x[i];
}

int main(void)
{
    int i;
    for (i = MYTHREAD; i < N * THREADS; i += THREADS)
        x[i] = i;
    upc_notify;
    scale(2.0);
    upc_wait;
    if (MYTHREAD == 0)
        printf("y[1] = %g\n", y[1]);
    return 0;
}
