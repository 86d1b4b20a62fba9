/* upc-check-test
 * expect: data-race
 * line: 20 31 16 17
 * threads: 2 4 8
 * flags: --upccheck:-r
 */
/* Error: thread 0 resets the shared "done" counter for the second phase right after the first phase's barrier, while the other threads may still be reading it to print their progress */
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
    if (MYTHREAD == 0)
        done = 0;
    phase(1);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("done %d\n", done);
    return 0;
}
