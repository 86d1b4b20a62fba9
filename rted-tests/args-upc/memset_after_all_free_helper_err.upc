/* upc-check-test
 * expect: invalid-argument
 * line: memset_after_all_free_helper_lib.upc:7
 * threads: 2 3 4 8
 * files: memset_after_all_free_helper_lib.upc
 */
/* Error: the workspace is released with upc_all_free by a teardown routine, and a reset helper in another file clears it afterwards */
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
    teardown();
    if (MYTHREAD == 1) reset(space, 32);
    upc_barrier;
    if (MYTHREAD == 0) printf("done\n");
    return 0;
}
