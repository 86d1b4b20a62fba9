/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of strict_flag_late_write_err.upc: data written, then the strict flag raised */
#include <upc_relaxed.h>
#include <stdio.h>

shared [] int data[10];
strict shared int ready;

int main(void)
{
    int i, s = 0;
    if (MYTHREAD == 0) {
        for (i = 0; i < 10; i++)
            data[i] = i;
        ready = 1;
    } else if (MYTHREAD == 1) {
        while (!ready)
            ;
        for (i = 0; i < 10; i++)
            s += data[i];
    }
    upc_barrier;
    if (MYTHREAD == 1) printf("%d\n", s);
    return 0;
}
