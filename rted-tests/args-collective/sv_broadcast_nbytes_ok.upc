/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of sv_broadcast_nbytes_err.upc: every thread uses the same record length */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define MAXW 4
shared [MAXW] int rec[MAXW * THREADS];
shared [MAXW] int copies[MAXW * THREADS];
shared int width[THREADS];

int main(void)
{
    int i;
    if (MYTHREAD == 0) for (i = 0; i < MAXW; i++) rec[i] = i;
    width[MYTHREAD] = 3;
    upc_barrier;
    upc_all_broadcast(copies, rec, width[MYTHREAD] * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: %d\n", MYTHREAD, copies[MYTHREAD * MAXW + 1]);
    return 0;
}
