/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of notify_twice_err.upc: the second notify is gone; pending work is done between notify and wait */
#include <upc.h>
#include <stdio.h>

shared int pending[THREADS];

void flush(void)
{
    if (pending[MYTHREAD])
        pending[MYTHREAD] = 0;
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
