/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of indefinite_heap_slots_err.upc: each thread writes only its own slot. */
#include <upc.h>
#include <stdio.h>

shared [] int *shared buf;

int main(void)
{
    shared [] int *b;
    if (MYTHREAD == 0) buf = (shared [] int *)upc_alloc((THREADS + 1) * sizeof(int));
    upc_barrier;
    b = buf;
    b[MYTHREAD] = MYTHREAD;
    if (MYTHREAD == THREADS - 1) b[MYTHREAD + 1] = -1;
    upc_barrier;
    if (MYTHREAD == 0) { printf("%d\n", b[THREADS]); upc_free(b); }
    return 0;
}
