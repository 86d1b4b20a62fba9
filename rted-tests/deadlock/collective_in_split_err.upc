/* upc-check-test
 * expect: split-barrier
 * line: 18
 * threads: 2 4 8
 */
/* Error: upc_all_broadcast between upc_notify and upc_wait */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int value;
shared int copies[THREADS];

int main(void)
{
    if (MYTHREAD == 0) value = 3;
    upc_notify;
    upc_all_broadcast(copies, &value, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_wait;
    if (MYTHREAD == 0) printf("copies[0] = %d\n", copies[0]);
    return 0;
}
