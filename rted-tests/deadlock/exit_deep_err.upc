/* upc-check-test
 * expect: finished-while-waiting
 * line: 20 exit_deep_lib.upc:13
 * threads: 2 4 8
 * files: exit_deep_lib.upc
 */
/* Error: three calls deep in another file, strict mode makes the last thread (odd checksum) call exit() while the others wait at upc_barrier */
#include <upc.h>
#include <stdio.h>

extern void stage1(int v);
int strict_mode = 1;
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
