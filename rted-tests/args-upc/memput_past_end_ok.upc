/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of memput_past_end_err.upc: the buffer is allocated with room for the terminating byte */
#include <upc.h>
#include <stdio.h>
#include <string.h>

shared [] char *shared inbox[THREADS];

int main(void)
{
    char msg[32];
    int len;
    sprintf(msg, "hello from %d", MYTHREAD);
    len = strlen(msg);
    inbox[MYTHREAD] = (shared [] char *) upc_alloc(len + 1);
    upc_barrier;
    upc_memput(inbox[MYTHREAD], msg, len + 1);
    upc_barrier;
    if (MYTHREAD == 0) printf("inbox[0][0] = %c\n", inbox[0][0]);
    return 0;
}
