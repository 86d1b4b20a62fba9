/* upc-check-test
 * expect: data-race
 * line: 16
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: compound_remote_err.upc:16 and compound_remote_err.upc:16
 */
/* Every thread adds into thread 0's accumulator with += and no lock */
#include <upc.h>
#include <stdio.h>

shared long acc;

int main(void)
{
    acc += MYTHREAD + 1;
    upc_barrier;
    if (MYTHREAD == 0) printf("%ld\n", acc);
    return 0;
}
