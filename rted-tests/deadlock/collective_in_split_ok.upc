/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of collective_in_split_err.upc: the broadcast comes after the wait */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int value;
shared int copies[THREADS];

int main(void)
{
    if (MYTHREAD == 0) value = 3;
    upc_notify;
    upc_wait;
    upc_all_broadcast(copies, &value, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("copies[0] = %d\n", copies[0]);
    return 0;
}
