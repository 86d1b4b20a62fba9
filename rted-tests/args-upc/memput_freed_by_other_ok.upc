/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of memput_freed_by_other_err.upc: thread 1 frees the buffer after thread 0's last write */
#include <upc.h>
#include <stdio.h>

shared [] int *shared buffer;

int main(void)
{
    int vals[4] = {1, 2, 3, 4};
    if (MYTHREAD == 0) buffer = (shared [] int *) upc_alloc(sizeof(vals));
    upc_barrier;
    if (MYTHREAD == 0) upc_memput(buffer, vals, sizeof(vals));
    upc_barrier;
    if (MYTHREAD == 1) upc_free(buffer);
    upc_barrier;
    if (MYTHREAD == 0) printf("stored\n");
    return 0;
}
