/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * files: deep_stack_lib.upc
 * static: yes
 */
/* Correct twin of deep_stack_err.upc: every thread reaches the broadcast */
#include <upc.h>
#include <stdio.h>

extern void level1(int depth);
shared int depth[THREADS];

int main(void)
{
    depth[MYTHREAD] = 3;
    upc_barrier;
    level1(depth[MYTHREAD]);
    upc_barrier;
    if (MYTHREAD == 0) printf("done\n");
    return 0;
}
