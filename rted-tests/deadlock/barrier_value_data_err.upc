/* upc-check-test
 * expect: barrier-value-mismatch
 * line: 18
 * threads: 2 4 8
 */
/* Error: the barrier value is a phase number read from shared data, and the last thread's copy is one ahead */
#include <upc.h>
#include <stdio.h>

shared int phase[THREADS];

int main(void)
{
    int id;
    phase[MYTHREAD] = 10 + (MYTHREAD == THREADS - 1);
    upc_barrier 1;
    id = phase[MYTHREAD];
    upc_barrier id;
    if (MYTHREAD == 0) printf("phase %d done\n", id);
    return 0;
}
