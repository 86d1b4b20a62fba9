/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct: only the coordinator tags its upc_notify; the last thread checks the same epoch in its upc_wait, and the anonymous statements match anything */
#include <upc.h>
#include <stdio.h>

shared int done[THREADS];

int main(void)
{
    int epoch;
    for (epoch = 0; epoch < 5; epoch++) {
        int mine = epoch;
        done[MYTHREAD] = epoch;
        if (MYTHREAD == 0)
            upc_notify epoch;
        else
            upc_notify;
        if (MYTHREAD == THREADS - 1)
            upc_wait mine;
        else
            upc_wait;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("done\n");
    return 0;
}
