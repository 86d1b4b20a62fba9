/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of broadcast_src_null_err.upc: the source pointer is always published */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int config[THREADS];
shared int *shared source;
shared int data[THREADS];
shared int copies[THREADS];

int main(void)
{
    data[MYTHREAD] = 100 + MYTHREAD;
    if (MYTHREAD == 0 && !config[0])
        source = &data[0];
    upc_barrier;
    upc_all_broadcast(copies, source, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: %d\n", MYTHREAD, copies[MYTHREAD]);
    return 0;
}
