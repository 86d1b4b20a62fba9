/* upc-check-test
 * expect: finished-while-waiting
 * line: 22 23 35
 * threads: 2 4 8
 */
/* Error: K&R-style solver; step() returns early on a thread whose particles all left the box, skipping the exchange barrier and the reduction; its final barrier pairs with the others' exchange barrier and it ends while they wait in the reduction */
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
    if (nleft == 0)
        return 0;
    energy[MYTHREAD] = (long) nleft * t;
    upc_barrier;
    upc_all_reduceL(&total, energy, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return 1;
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
