/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: a thread without particles still takes part in the exchange barrier and the reduction, with an energy of zero */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int alive[THREADS];
shared long energy[THREADS];
shared long total;

int step(t, nleft)
int t;
int nleft;
{
    energy[MYTHREAD] = (long) nleft * t;
    upc_barrier;
    upc_all_reduceL(&total, energy, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return nleft != 0;
}

int main()
{
    int t, nleft;
    alive[MYTHREAD] = (MYTHREAD == THREADS - 1) ? 0 : 10;
    upc_barrier;
    nleft = alive[MYTHREAD];
    for (t = 1; t <= 3; t++)
        step(t, nleft);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("total %ld\n", total);
    return 0;
}
