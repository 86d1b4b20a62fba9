/* upc-check-test
 * expect: collective-mismatch
 * line: 17 27
 * threads: 2 3 4 8
 */
/* Error: a lock factory calls upc_all_lock_alloc when asked for a shared lock, but the last thread reads a stale mode and calls upc_global_lock_alloc, then meets the others' upc_all_lock_alloc with its barrier */
#include <upc.h>
#include <stdio.h>

#define MODE_COLLECTIVE 1
#define MODE_PRIVATE 0
shared int mode[THREADS];

static upc_lock_t *make_lock(int m)
{
    if (m == MODE_COLLECTIVE)
        return upc_all_lock_alloc();
    return upc_global_lock_alloc();
}

int main(void)
{
    upc_lock_t *l;
    mode[MYTHREAD] = (MYTHREAD == THREADS - 1) ? MODE_PRIVATE : MODE_COLLECTIVE;
    upc_barrier;
    l = make_lock(mode[MYTHREAD]);
    upc_barrier;
    upc_lock(l);
    upc_unlock(l);
    upc_barrier;
    if (MYTHREAD == 0) printf("ok\n");
    return 0;
}
