/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of barrier_value_data_err.upc: every thread reads the same phase number */
#include <upc.h>
#include <stdio.h>

shared int phase[THREADS];

int main(void)
{
    int id;
    phase[MYTHREAD] = 10;
    upc_barrier 1;
    id = phase[MYTHREAD];
    upc_barrier id;
    if (MYTHREAD == 0) printf("phase %d done\n", id);
    return 0;
}
