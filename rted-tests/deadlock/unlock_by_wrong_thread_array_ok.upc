/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: each thread releases the lock it took */
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
    k = MYTHREAD;
    upc_unlock(guard[k]);
    upc_barrier;
    if (MYTHREAD == 0) printf("value %d\n", value[0]);
    return 0;
}
