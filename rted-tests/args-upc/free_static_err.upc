/* upc-check-test
 * expect: invalid-argument
 * line: 21
 * threads: 2 4
 */
/* Error: when its cache flag is set the last thread frees a statically declared shared array instead of its dynamic buffer */
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
    victim = use_cache[MYTHREAD] ? (shared void *) table : (shared void *) dyn;
    upc_free(victim);
    upc_barrier;
    if (MYTHREAD == 0) printf("table[0] = %d\n", table[0]);
    return 0;
}
