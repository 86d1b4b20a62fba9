/* upc-check-test
 * expect: invalid-argument
 * line: 21
 * threads: 2 4
 */
/* Error: the message length includes the terminating byte but the buffer was allocated without it */
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
    inbox[MYTHREAD] = (shared [] char *) upc_alloc(len);
    upc_barrier;
    upc_memput(inbox[MYTHREAD], msg, len + 1);
    upc_barrier;
    if (MYTHREAD == 0) printf("inbox[0][0] = %c\n", inbox[0][0]);
    return 0;
}
