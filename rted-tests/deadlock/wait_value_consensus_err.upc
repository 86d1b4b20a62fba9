/* upc-check-test
 * expect: barrier-value-mismatch
 * line: 20 24
 * report: upc_wait 4
 * threads: 2 4 8
 */
/* Error: only the coordinator tags its upc_notify (with the epoch); the other threads notify anonymously, and the last thread checks the epoch in its upc_wait with its own epoch, which is one ahead at epoch 3 */
#include <upc.h>
#include <stdio.h>

shared int done[THREADS];

int main(void)
{
    int epoch;
    for (epoch = 0; epoch < 5; epoch++) {
        int mine = epoch + (MYTHREAD == THREADS - 1 && epoch == 3);
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
