/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of reduce_in_mysync_err.upc: each thread writes only its own element before
   the UPC_IN_MYSYNC reduction, which reads it after that thread has entered. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared long val[THREADS];
shared long total;

int main(void)
{
    if (MYTHREAD != 0)
        val[MYTHREAD] = MYTHREAD + 1;
    if (MYTHREAD == 0)
        val[0] = 10;
    upc_all_reduceL(&total, val, UPC_ADD, THREADS, 1, NULL, UPC_IN_MYSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("%ld\n", total);
    return 0;
}
