/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of extra_barrier_master_err.upc: the checkpoint message needs no barrier of its own */
#include <upc.h>
#include <stdio.h>

shared int data[THREADS];
shared int verbose[THREADS];

int main(void)
{
    int sum = 0, i;
    data[MYTHREAD] = MYTHREAD + 1;
    verbose[MYTHREAD] = (MYTHREAD == 0);
    upc_barrier;
    if (verbose[MYTHREAD])
        printf("checkpoint reached\n");
    for (i = 0; i < THREADS; i++)
        sum += data[i];
    upc_barrier;
    if (MYTHREAD == 0)
        printf("sum = %d\n", sum);
    return 0;
}
