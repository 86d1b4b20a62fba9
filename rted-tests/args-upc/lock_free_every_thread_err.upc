/* upc-check-test
 * expect: invalid-argument
 * line: 40
 * threads: 2 4 8
 * report: was freed at lock_free_every_thread_err.upc:40 by upc_lock_free
 */
/* Error: the work queue's lock comes from upc_all_lock_alloc (one lock for all threads), but the cleanup macro, run by every thread as the threads leave the queue together, frees it with upc_lock_free on each of them: the lock is freed once per thread, several threads at the same moment */
#include <upc.h>
#include <stdio.h>

#define NTASKS 64

typedef struct { upc_lock_t *lk; int next; } queue_t;

shared int next_task;
strict shared int leave;

#define QUEUE_DESTROY(q) do { \
        while (!leave) ; \
        upc_lock_free((q)->lk); \
    } while (0)

int main(void)
{
    queue_t q;
    int done = 0, t;
    q.lk = upc_all_lock_alloc();
    if (MYTHREAD == 0) next_task = 0;
    upc_barrier;
    for (;;) {
        upc_lock(q.lk);
        t = next_task;
        if (t < NTASKS) next_task = t + 1;
        upc_unlock(q.lk);
        if (t >= NTASKS) break;
        done++;
    }
    upc_barrier;
    if (MYTHREAD == 0) leave = 1;
    QUEUE_DESTROY(&q);
    printf("thread %d ran %d tasks\n", MYTHREAD, done);
    return 0;
}
