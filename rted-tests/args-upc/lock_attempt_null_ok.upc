/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of lock_attempt_null_err.upc: every slot is filled */
#include <upc.h>
#include <stdio.h>

#define SLOTS 2
upc_lock_t *shared slot[THREADS];
shared int used[THREADS];

int main(void)
{
    int s = MYTHREAD % SLOTS;
    if (MYTHREAD == 0)
        for (s = 0; s < SLOTS; s++) slot[s] = upc_global_lock_alloc();
    upc_barrier;
    s = MYTHREAD % SLOTS;
    while (!upc_lock_attempt(slot[s]))
        ;
    used[s] += 1;
    upc_unlock(slot[s]);
    upc_barrier;
    if (MYTHREAD == 0) printf("used[0] = %d\n", used[0]);
    return 0;
}
