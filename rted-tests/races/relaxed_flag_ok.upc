/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of relaxed_flag_err.upc: the flag is strict */
#include <upc.h>
#include <stdio.h>

shared int payload;
strict shared int flag;

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
