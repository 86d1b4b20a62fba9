/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 */
/* Correct twin: the element count is the same on every thread */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define PER 5
shared [PER] int keys[PER * THREADS];
shared int nvalid[THREADS];

static int cmp(shared void *a, shared void *b)
{
    int x = *(shared int *) a, y = *(shared int *) b;
    return (x > y) - (x < y);
}

int main(void)
{
    int i;
    for (i = 0; i < PER; i++) keys[MYTHREAD * PER + i] = (MYTHREAD * 7 + i * 13) % 29;
    nvalid[MYTHREAD] = PER * THREADS;
    upc_barrier;
    upc_all_sort(keys, sizeof(int), nvalid[MYTHREAD], PER, cmp, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("min = %d\n", keys[0]);
    return 0;
}
