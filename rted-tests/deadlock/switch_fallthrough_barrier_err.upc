/* upc-check-test
 * expect: collective-mismatch
 * line: 22 25 28
 * threads: 2 4 8
 */
/* Error: the master's case of the role switch lacks its break and falls through into the workers' case, so the master runs two barriers and meets the workers' reduction with a barrier */
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
