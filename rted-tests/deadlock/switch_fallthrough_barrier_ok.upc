/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: each case of the role switch ends with break, so every thread runs one barrier */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

enum role { MASTER, WORKER };

shared int part[THREADS];
shared int sum;

int main(void)
{
    enum role r = MYTHREAD == 0 ? MASTER : WORKER;
    switch (r) {
    case MASTER:
        part[0] = 100;
        upc_barrier;
        break;
    case WORKER:
        part[MYTHREAD] += MYTHREAD;
        upc_barrier;
        break;
    }
    upc_all_reduceI(&sum, part, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("sum %d\n", sum);
    return 0;
}
