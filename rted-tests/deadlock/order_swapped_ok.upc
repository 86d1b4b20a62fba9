/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * static: yes
 */
/* Correct twin of order_swapped_err.upc: every thread broadcasts first and gathers second */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int one;
shared int copies[THREADS];
shared int mine[THREADS];
shared [] int all[THREADS];
shared int swapped[THREADS];

void bcast(void) { upc_all_broadcast(copies, &one, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC); }
void gather(void) { upc_all_gather(all, mine, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC); }

int main(void)
{
    if (MYTHREAD == 0) one = 7;
    mine[MYTHREAD] = MYTHREAD;
    swapped[MYTHREAD] = 0;
    upc_barrier;
    if (swapped[MYTHREAD]) { gather(); bcast(); }
    else { bcast(); gather(); }
    if (MYTHREAD == 0) printf("%d %d\n", copies[0], all[THREADS - 1]);
    return 0;
}
