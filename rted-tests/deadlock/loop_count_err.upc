/* upc-check-test
 * expect: collective-mismatch
 * line: 22 24
 * threads: 2 4 8
 */
/* Error: the trip count read from shared data is one higher on the last thread, whose extra barrier meets the others' broadcast */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int steps[THREADS];
shared int value;
shared int copies[THREADS];

int main(void)
{
    int i;
    steps[MYTHREAD] = 3 + (MYTHREAD == THREADS - 1);
    upc_barrier;
    for (i = 0; i < steps[MYTHREAD]; i++) {
        if (MYTHREAD == 0) value += i;
        upc_barrier;
    }
    upc_all_broadcast(copies, &value, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("value = %d\n", copies[0]);
    return 0;
}
