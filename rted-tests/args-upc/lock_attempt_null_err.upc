/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4
 */
/* Error: a lock slot that the setup never filled (thread 0 only fills the first slot) is passed to upc_lock_attempt */
#include <upc.h>
#include <stdio.h>

#define SLOTS 2
upc_lock_t *shared slot[THREADS];
shared int used[THREADS];

int main(void)
{
    int s = MYTHREAD % SLOTS;
    if (MYTHREAD == 0)
        slot[0] = upc_global_lock_alloc();
    upc_barrier;
    while (!upc_lock_attempt(slot[s]))
        ;
    used[s] += 1;
    upc_unlock(slot[s]);
    upc_barrier;
    if (MYTHREAD == 0) printf("used[0] = %d\n", used[0]);
    return 0;
}
