/* upc-check-test
 * expect: data-race
 * line: 20 22
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: relaxed_flag_err.upc:20 and relaxed_flag_err.upc:22
 */
/* A relaxed flag used as a signal: the flag itself races */
#include <upc.h>
#include <stdio.h>

shared int payload;
shared int flag;

int main(void)
{
    int got = 0;
    if (MYTHREAD == 0) {
        payload = 123;
        flag = 1;
    } else if (MYTHREAD == 1) {
        while (flag == 0)
            ;
        got = payload;
    }
    upc_barrier;
    if (MYTHREAD == 1) printf("%d\n", got);
    return 0;
}
