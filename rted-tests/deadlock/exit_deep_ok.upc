/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * files: exit_deep_lib.upc
 */
/* Correct twin of exit_deep_err.upc: strict mode is off, so the odd checksum is only reported */
#include <upc.h>
#include <stdio.h>

extern void stage1(int v);
int strict_mode = 0;
shared int sums[THREADS];

int main(void)
{
    sums[MYTHREAD] = 2 * MYTHREAD + (MYTHREAD == THREADS - 1);
    upc_barrier;
    stage1(sums[MYTHREAD]);
    upc_barrier;
    if (MYTHREAD == 0) printf("all stages done\n");
    return 0;
}
