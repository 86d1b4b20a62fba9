/* upc-check-test
 * expect: collective-mismatch
 * line: deep_stack_lib.upc:14 deep_stack_lib.upc:16
 * threads: 2 4 8
 * files: deep_stack_lib.upc
 * static: yes
 */
/* Error: a depth computed from shared data sends the last thread, four calls deep in another file, to upc_all_exchange instead of upc_all_broadcast */
#include <upc.h>
#include <stdio.h>

extern void level1(int depth);
shared int depth[THREADS];

int main(void)
{
    depth[MYTHREAD] = 3 + (MYTHREAD == THREADS - 1);
    upc_barrier;
    level1(depth[MYTHREAD]);
    upc_barrier;
    if (MYTHREAD == 0) printf("done\n");
    return 0;
}
