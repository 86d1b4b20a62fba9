/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4
 */
/* Error: the last thread frees a pointer into the middle of its allocation (the header skip is applied before the free) */
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
    upc_free(payload);
    upc_barrier;
    if (MYTHREAD == 0) printf("freed\n");
    return 0;
}
