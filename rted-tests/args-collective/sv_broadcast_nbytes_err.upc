/* upc-check-test
 * expect: single-valued-mismatch
 * line: 23
 * threads: 2 4
 * value: nbytes = 8
 */
/* Error: the broadcast size comes from a per-thread copy of the record length that is stale on the last thread */
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
    width[MYTHREAD] = (MYTHREAD == THREADS - 1) ? 2 : 3;
    upc_barrier;
    upc_all_broadcast(copies, rec, width[MYTHREAD] * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: %d\n", MYTHREAD, copies[MYTHREAD * MAXW + 1]);
    return 0;
}
