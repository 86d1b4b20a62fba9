/* upc-check-test
 * expect: split-barrier
 * line: 16
 * threads: 2 3 4
 */
/* Error: while the notify of a split barrier is pending, the overlap code calls a helper that sums with upc_all_reduceI, a collective between upc_notify and upc_wait */
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
    total();
    upc_wait;
    if (MYTHREAD == 0) printf("sum = %ld (%d)\n", (long) sum, local);
    return 0;
}
