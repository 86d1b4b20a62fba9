/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 */
/* Correct twin: the reduction is done after the upc_wait that ends the split barrier */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int part[THREADS];
shared long sum;

static void total(void)
{
    upc_all_reduceI(&sum, part, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
}

int main(void)
{
    int i, local = 0;
    part[MYTHREAD] = MYTHREAD + 1;
    upc_notify;
    for (i = 0; i < 1000; i++) local += i % 7;
    upc_wait;
    total();
    if (MYTHREAD == 0) printf("sum = %ld (%d)\n", (long) sum, local);
    return 0;
}
