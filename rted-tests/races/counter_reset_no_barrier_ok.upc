/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * flags: --upccheck:-r
 */
/* OK: a barrier separates the first phase's readers from thread 0's reset */
#include <upc.h>
#include <stdio.h>

shared int done;
upc_lock_t *shared dlock;

static void phase(int id)
{
    upc_lock(dlock);
    done++;
    upc_unlock(dlock);
    upc_barrier;
    if (MYTHREAD != 0 && done != THREADS * id)
        printf("thread %d: phase %d incomplete\n", MYTHREAD, id);
}

int main(void)
{
    if (MYTHREAD == 0)
        dlock = upc_global_lock_alloc();
    upc_barrier;
    phase(1);
    upc_barrier;
    if (MYTHREAD == 0)
        done = 0;
    upc_barrier;
    phase(1);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("done %d\n", done);
    return 0;
}
