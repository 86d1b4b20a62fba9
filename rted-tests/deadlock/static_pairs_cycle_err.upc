/* upc-check-test
 * expect: lock-cycle
 * line: 24
 * threads: 4 8
 * static: yes
 */
/* Error: with a fixed thread count, neighbouring threads lock their pair's two locks; each pair's odd thread takes them in the opposite order to its even partner */
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
    if (MYTHREAD & 1) { a = base + 1; b = base; }
    upc_lock(pair_lock[a]);
    upc_barrier;
    upc_lock(pair_lock[b]);
    hits[2 * MYTHREAD] += 1;
    upc_unlock(pair_lock[b]);
    upc_unlock(pair_lock[a]);
    upc_barrier;
    if (MYTHREAD == 0) printf("hits %d\n", hits[0]);
    return 0;
}
