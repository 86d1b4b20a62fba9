/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of many_locks_relock_err.upc: the picked cell's lock is already held, so it is not locked again */
#include <upc.h>
#include <stdio.h>

#define CELLS 1000

shared [CELLS] int cell[CELLS * THREADS];
shared int pick[THREADS];
upc_lock_t *guard[CELLS];

int main(void)
{
    int i;
    for (i = 0; i < CELLS; i++)
        guard[i] = upc_global_lock_alloc();
    pick[MYTHREAD] = (MYTHREAD == THREADS - 1) ? 777 : -1;
    upc_barrier;
    for (i = 0; i < CELLS; i++)
        upc_lock(guard[i]);
    for (i = 0; i < CELLS; i++) cell[MYTHREAD * CELLS + i] = i;
    if (pick[MYTHREAD] >= 0)
        cell[MYTHREAD * CELLS + pick[MYTHREAD]] += 1;
    for (i = 0; i < CELLS; i++)
        upc_unlock(guard[i]);
    upc_barrier;
    if (MYTHREAD == 0) printf("done\n");
    return 0;
}
