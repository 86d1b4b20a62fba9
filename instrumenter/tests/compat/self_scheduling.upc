/* self_scheduling.upc -- dynamic load balancing the old way: a shared task
 * counter guarded by a lock, each thread grabbing the next chunk of tasks until
 * none are left; tasks have very different costs. Who ran which task varies
 * from run to run; the results and the count of tasks do not. */
#include <upc_relaxed.h>
#include <stdio.h>

#define NTASKS 300
#define CHUNK 4

shared int next_task = 0;
shared long *result;
shared int *done_by;
shared int ntaken[THREADS];
upc_lock_t *shared task_lock;

static long work(int t)
{
    long s = 0;
    int i, n = (t % 17) * 500 + 10;
    for (i = 0; i < n; i++)
        s = (s * 31 + i + t) % 1000003;
    return s;
}

static int grab(void)
{
    int first;
    upc_lock(task_lock);
    first = next_task;
    if (first < NTASKS)
        next_task = first + CHUNK;
    upc_unlock(task_lock);
    return first;
}

int main(void)
{
    int first, t;
    result = (shared long *)upc_all_alloc(NTASKS, sizeof(long));
    done_by = (shared int *)upc_all_alloc(NTASKS, sizeof(int));
    if (MYTHREAD == 0)
        task_lock = upc_global_lock_alloc();
    upc_barrier;

    while ((first = grab()) < NTASKS)
        for (t = first; t < first + CHUNK && t < NTASKS; t++) {
            result[t] = work(t);
            done_by[t] = MYTHREAD;
            ntaken[MYTHREAD]++;
        }
    upc_barrier;

    if (MYTHREAD == 0) {
        long check = 0, expect = 0;
        int total = 0;
        for (t = 0; t < NTASKS; t++) {
            check += result[t];
            expect += work(t);
        }
        for (t = 0; t < THREADS; t++) total += ntaken[t];
        printf("tasks run: %d of %d\n", total, NTASKS);
        printf("results %s (sum %ld)\n", check == expect ? "match" : "DIFFER", check);
        upc_lock_free(task_lock);
    }
    return 0;
}
