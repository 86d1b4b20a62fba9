/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * stdout: seen[0] = 1
 */
/* Correct twin of held_at_end_every_thread_err.upc: the early exit releases the lock too */
#include <upc.h>
#include <stdio.h>

upc_lock_t *own_lock;
shared int seen[THREADS];

void update(int v)
{
    upc_lock(own_lock);
    if (seen[MYTHREAD] == v) {
        upc_unlock(own_lock);
        return;
    }
    seen[MYTHREAD] = v;
    upc_unlock(own_lock);
}

int main(void)
{
    own_lock = upc_global_lock_alloc();
    update(MYTHREAD + 1);
    update(MYTHREAD + 1);
    upc_barrier;
    if (MYTHREAD == 0) printf("seen[0] = %d\n", seen[0]);
    return 0;
}
