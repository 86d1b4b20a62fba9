/* upc-check-test
 * expect: split-barrier
 * line: 15
 * threads: 2 4 8
 */
/* Error: a thread that has pending work issues a second upc_notify before its upc_wait */
#include <upc.h>
#include <stdio.h>

shared int pending[THREADS];

void flush(void)
{
    if (pending[MYTHREAD])
        upc_notify;
}

int main(void)
{
    pending[MYTHREAD] = (MYTHREAD == THREADS - 1);
    upc_barrier;
    upc_notify;
    flush();
    upc_wait;
    if (MYTHREAD == 0) printf("flushed\n");
    return 0;
}
