/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 * files: memset_after_all_free_helper_lib.upc
 */
/* Correct twin: the workspace is cleared before the teardown */
#include <upc.h>
#include <stdio.h>

extern void reset(shared [] int *w, int n);
shared [] int *shared space;

static void teardown(void)
{
    upc_all_free(space);
}

int main(void)
{
    if (MYTHREAD == 0) space = (shared [] int *) upc_global_alloc(1, 32 * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 1) reset(space, 32);
    upc_barrier;
    teardown();
    upc_barrier;
    if (MYTHREAD == 0) printf("done\n");
    return 0;
}
