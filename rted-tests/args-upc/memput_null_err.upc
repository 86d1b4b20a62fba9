/* upc-check-test
 * expect: invalid-argument
 * line: 21
 * threads: 2 4
 * value: dst = NULL
 */
/* Error: the last thread does not publish a mailbox, and thread 0 puts its message to the null pointer-to-shared */
#include <upc.h>
#include <stdio.h>

shared [] int *shared mailbox[THREADS];

int main(void)
{
    int msg[2] = {7, 8}, t;
    if (MYTHREAD != THREADS - 1)
        mailbox[MYTHREAD] = (shared [] int *) upc_alloc(2 * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++)
            upc_memput(mailbox[t], msg, sizeof(msg));
    upc_barrier;
    if (MYTHREAD == 0) printf("mailbox[0][1] = %d\n", mailbox[0][1]);
    return 0;
}
