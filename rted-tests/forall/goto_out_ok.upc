/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of goto_out_err.upc: the loop flags the bad value and the jump is taken after the loop */
#include <upc.h>
#include <stdio.h>

#define N 4
shared double x[N * THREADS];

int main(void)
{
    int i, bad = 0;
    upc_forall (i = 0; i < N * THREADS; i++; &x[i]) x[i] = (i == 1) ? -1.0 : 1.0;
    upc_barrier;
    upc_forall (i = 0; i < N * THREADS; i++; &x[i]) {
        if (x[i] < 0.0)
            bad = 1;
    }
    if (bad) goto invalid;
    upc_barrier;
    if (MYTHREAD == 0) printf("all values valid\n");
    return 0;
invalid:
    bad = 1;
    upc_barrier;
    printf("thread %d: invalid value (%d)\n", MYTHREAD, bad);
    return 0;
}
