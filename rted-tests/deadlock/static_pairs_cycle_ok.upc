/* upc-check-test
 * expect: clean
 * threads: 4 8
 * static: yes
 */
/* Correct twin: both threads of a pair take the locks in the same order */
#include <upc.h>
#include <stdio.h>

shared [2] int hits[2 * THREADS];
upc_lock_t *shared pair_lock[THREADS];

int main(void)
{
    int base = MYTHREAD & ~1, a, b;
    pair_lock[MYTHREAD] = upc_global_lock_alloc();
    upc_barrier;
    a = base;
    b = base + 1;

    upc_lock(pair_lock[a]);

    upc_lock(pair_lock[b]);
    hits[2 * MYTHREAD] += 1;
    upc_unlock(pair_lock[b]);
    upc_unlock(pair_lock[a]);
    upc_barrier;
    if (MYTHREAD == 0) printf("hits %d\n", hits[0]);
    return 0;
}
