/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct: the local work of the split phase is a plain loop over the thread's own
 * elements (a upc_forall would be a collective operation between upc_notify and
 * upc_wait) */
#include <upc.h>
#include <stdio.h>

#define N 16
shared double x[N * THREADS], y[N * THREADS];

static void scale(double s)
{
    int i;
    for (i = MYTHREAD; i < N * THREADS; i += THREADS)
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
