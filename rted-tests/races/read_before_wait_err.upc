/* upc-check-test
 * expect: data-race
 * line: 18 21
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: read_before_wait_err.upc:18 and read_before_wait_err.upc:21
 */
/* Thread 1 reads between its upc_notify and upc_wait what thread 0 wrote before its upc_notify: only the wait orders them */
#include <upc.h>
#include <stdio.h>

shared int box[THREADS];

int main(void)
{
    int got = 0;
    if (MYTHREAD == 0)
        box[1] = 7;
    upc_notify;
    if (MYTHREAD == 1)
        got = box[1];
    upc_wait;
    printf("%d\n", got);
    return 0;
}
