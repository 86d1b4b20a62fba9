/* upc-check-test
 * expect: finished-while-waiting
 * line: 27
 * threads: 2 4 8
 * report: the threads diverged at collective operation #2: thread 0 was at upc_barrier at extra_barrier_master_err.upc:23
 * report: collective operations of thread 0, oldest first: #1 upc_barrier at extra_barrier_master_err.upc:20, #2 upc_barrier at extra_barrier_master_err.upc:23, #3 upc_barrier at extra_barrier_master_err.upc:27
 */
/* Error: the thread that prints the checkpoint message adds a barrier of its own, one more than the other threads run */
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
    if (verbose[MYTHREAD]) {
        printf("checkpoint reached\n");
        upc_barrier;
    }
    for (i = 0; i < THREADS; i++)
        sum += data[i];
    upc_barrier;
    if (MYTHREAD == 0)
        printf("sum = %d\n", sum);
    return 0;
}
