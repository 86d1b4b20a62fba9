/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of free_interior_err.upc: the pointer returned by upc_alloc is freed */
#include <upc.h>
#include <stdio.h>

shared int skip[THREADS];

int main(void)
{
    shared [] int *block = (shared [] int *) upc_alloc(16 * sizeof(int));
    shared [] int *payload;
    skip[MYTHREAD] = (MYTHREAD == THREADS - 1) ? 2 : 0;
    upc_barrier;
    payload = block + skip[MYTHREAD];
    payload[0] = 1;
    upc_free(block);
    upc_barrier;
    if (MYTHREAD == 0) printf("freed\n");
    return 0;
}
