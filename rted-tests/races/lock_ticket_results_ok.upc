/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Self-scheduling with a ticket under a lock; results read after a barrier. */
#include <upc.h>
#include <stdio.h>

#define N 40
shared int next;
shared double res[N * THREADS];

int main(void)
{
    upc_lock_t *l = upc_all_lock_alloc();
    int i;
    for (;;) {
        upc_lock(l);
        i = next++;
        upc_unlock(l);
        if (i >= N) break;
        res[i] = i * 2.0;
    }
    upc_barrier;
    if (MYTHREAD == 0) { double s = 0; for (i = 0; i < N; i++) s += res[i]; printf("%g\n", s); }
    return 0;
}
