/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of memput_null_err.upc: every thread publishes a mailbox */
#include <upc.h>
#include <stdio.h>

shared [] int *shared mailbox[THREADS];

int main(void)
{
    int msg[2] = {7, 8}, t;
    mailbox[MYTHREAD] = (shared [] int *) upc_alloc(2 * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++)
            upc_memput(mailbox[t], msg, sizeof(msg));
    upc_barrier;
    if (MYTHREAD == 0) printf("mailbox[0][1] = %d\n", mailbox[0][1]);
    return 0;
}
