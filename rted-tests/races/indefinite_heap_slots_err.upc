/* upc-check-test
 * expect: data-race
 * line: 21 22
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: indefinite_heap_slots_err.upc:21 and indefinite_heap_slots_err.upc:22
 */
/* A shared [0] buffer allocated by thread 0 and published through a shared pointer:
   each thread writes its slot and, by an off-by-one, the next thread's. */
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
    b[MYTHREAD + 1] = -1;
    upc_barrier;
    if (MYTHREAD == 0) { printf("%d\n", b[THREADS]); upc_free(b); }
    return 0;
}
