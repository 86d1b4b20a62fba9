/* upc-check-test
 * expect: lock-not-held
 * line: 22
 * threads: 2 3 4 8
 */
/* Error: the lock guarding slot k is taken by the thread k but released by thread (k+1) mod THREADS after a barrier, which does not hold it */
#include <upc.h>
#include <stdio.h>

upc_lock_t *shared guard[THREADS];
shared int value[THREADS];

int main(void)
{
    int k;
    guard[MYTHREAD] = upc_global_lock_alloc();
    upc_barrier;
    upc_lock(guard[MYTHREAD]);
    value[MYTHREAD] = MYTHREAD;
    upc_barrier;
    k = (MYTHREAD + 1) % THREADS;
    upc_unlock(guard[k]);
    upc_barrier;
    if (MYTHREAD == 0) printf("value %d\n", value[0]);
    return 0;
}
