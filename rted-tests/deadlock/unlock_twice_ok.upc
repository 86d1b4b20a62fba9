/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of unlock_twice_err.upc: the error path only reports */
#include <upc.h>
#include <stdio.h>

shared int status[THREADS];
shared int log_lines;

void finish(upc_lock_t *lock, int st)
{
    if (st != 0)
        printf("thread %d: status %d\n", MYTHREAD, st);
}

int main(void)
{
    upc_lock_t *lock = upc_all_lock_alloc();
    status[MYTHREAD] = (MYTHREAD == THREADS - 1) ? 2 : 0;
    upc_barrier;
    upc_lock(lock);
    log_lines += 1;
    upc_unlock(lock);
    finish(lock, status[MYTHREAD]);
    upc_barrier;
    if (MYTHREAD == 0) printf("log_lines = %d\n", log_lines);
    return 0;
}
