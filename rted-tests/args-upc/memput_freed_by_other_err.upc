/* upc-check-test
 * expect: invalid-argument
 * line: 19
 * threads: 2 4
 */
/* Error: thread 1 frees thread 0's buffer (allowed), but thread 0 then writes to it with upc_memput */
#include <upc.h>
#include <stdio.h>

shared [] int *shared buffer;

int main(void)
{
    int vals[4] = {1, 2, 3, 4};
    if (MYTHREAD == 0) buffer = (shared [] int *) upc_alloc(sizeof(vals));
    upc_barrier;
    if (MYTHREAD == 1) upc_free(buffer);
    upc_barrier;
    if (MYTHREAD == 0) upc_memput(buffer, vals, sizeof(vals));
    upc_barrier;
    if (MYTHREAD == 0) printf("stored\n");
    return 0;
}
