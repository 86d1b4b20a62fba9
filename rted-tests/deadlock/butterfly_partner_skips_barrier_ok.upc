/* upc-check-test
 * expect: clean
 * threads: 2 3 5 6 8
 */
/* Correct twin of butterfly_partner_skips_barrier_err.upc: a thread without a partner still takes part in both barriers of the step (it just adds nothing) */
#include <upc.h>
#include <stdio.h>

shared double partial[THREADS];

static double local_work(void)
{
    double s = 0;
    int i;
    for (i = 0; i < 100; i++)
        s += (MYTHREAD + 1) * 0.01;
    return s;
}

int main(void)
{
    int k, partner;
    double mine, theirs;
    partial[MYTHREAD] = local_work();
    upc_barrier;
    for (k = 1; k < THREADS; k <<= 1) {
        partner = MYTHREAD ^ k;
        mine = partial[MYTHREAD];
        theirs = partner < THREADS ? partial[partner] : 0.0;
        upc_barrier;
        partial[MYTHREAD] = mine + theirs;
        upc_barrier;
    }
    if (MYTHREAD == 0) printf("sum = %.2f\n", partial[0]);
    return 0;
}
