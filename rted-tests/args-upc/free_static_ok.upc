/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of free_static_err.upc: only the dynamic buffer is freed */
#include <upc.h>
#include <stdio.h>

shared int table[THREADS];
shared int use_cache[THREADS];

int main(void)
{
    shared void *victim;
    shared [] int *dyn = (shared [] int *) upc_alloc(4 * sizeof(int));
    use_cache[MYTHREAD] = (MYTHREAD == THREADS - 1);
    table[MYTHREAD] = MYTHREAD;
    upc_barrier;
    victim = (shared void *) dyn;
    upc_free(victim);
    upc_barrier;
    if (MYTHREAD == 0) printf("table[0] = %d\n", table[0]);
    return 0;
}
