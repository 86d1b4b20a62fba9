/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: every thread reads the same mode and calls upc_all_lock_alloc */
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
    mode[MYTHREAD] = MODE_COLLECTIVE;
    upc_barrier;
    l = make_lock(mode[MYTHREAD]);
    upc_barrier;
    upc_lock(l);
    upc_unlock(l);
    upc_barrier;
    if (MYTHREAD == 0) printf("ok\n");
    return 0;
}
