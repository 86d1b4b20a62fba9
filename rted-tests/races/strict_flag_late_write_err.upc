/* upc-check-test
 * expect: data-race
 * line: 21 26
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: strict_flag_late_write_err.upc:21 and strict_flag_late_write_err.upc:26
 */
/* The producer writes the data after raising the strict flag, so the consumer's read is not ordered after it */
#include <upc_relaxed.h>
#include <stdio.h>

shared [] int data[10];
strict shared int ready;

int main(void)
{
    int i, s = 0;
    if (MYTHREAD == 0) {
        ready = 1;
        for (i = 0; i < 10; i++)
            data[i] = i;
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
