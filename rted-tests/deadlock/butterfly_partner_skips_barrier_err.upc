/* upc-check-test
 * expect: finished-while-waiting
 * line: 33 35 39
 * threads: 3 5 6
 * report: the end of execution
 */
/* Error: a recursive-doubling (butterfly) allreduce written for power-of-two thread counts: a thread whose partner MYTHREAD ^ k does not exist skips the step, barriers included; with 3, 5 or 6 threads the threads run different numbers of barriers (2, 4 or 8 threads would be fine) */
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
        if (partner < THREADS) {
            mine = partial[MYTHREAD];
            theirs = partial[partner];
            upc_barrier;
            partial[MYTHREAD] = mine + theirs;
            upc_barrier;
        }
    }
    if (MYTHREAD == 0) printf("sum = %.2f\n", partial[0]);
    return 0;
}
