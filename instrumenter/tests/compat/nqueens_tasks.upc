/*
 * N-queens by dynamic task distribution, in the style of UPC course
 * projects: a task is a placement of the first two queens; threads take the
 * next task from a shared counter protected by a lock, solve the rest
 * recursively in private memory, and add their count under the lock. The
 * time spent is measured with <upc_tick.h> and only checked for sanity.
 */
#include <upc.h>
#include <upc_tick.h>
#include <stdio.h>
#include <stdlib.h>

#define NQ 8

shared int next_task;
shared long solutions;
shared int tasks_done[THREADS];
shared upc_tick_t elapsed[THREADS];
upc_lock_t *shared lock;

static int
safe(const int *col, int row, int c)
{
    int r;
    for (r = 0; r < row; r++)
        if (col[r] == c || abs(col[r] - c) == row - r)
            return 0;
    return 1;
}

static long
place(int *col, int row)
{
    long count = 0;
    int c;
    if (row == NQ)
        return 1;
    for (c = 0; c < NQ; c++)
        if (safe(col, row, c)) {
            col[row] = c;
            count += place(col, row + 1);
        }
    return count;
}

static int
grab_task(void)
{
    int t;
    upc_lock(lock);
    t = next_task;
    next_task = t + 1;
    upc_unlock(lock);
    return t;
}

int
main(void)
{
    int task, col[NQ];
    long mine = 0;
    upc_tick_t start;

    if (MYTHREAD == 0) {
        lock = upc_global_lock_alloc();
        next_task = 0;
        solutions = 0;
    }
    tasks_done[MYTHREAD] = 0;
    upc_barrier;

    start = upc_ticks_now();
    while ((task = grab_task()) < NQ * NQ) {
        col[0] = task / NQ;
        col[1] = task % NQ;
        if (safe(col, 1, col[1]))
            mine += place(col, 2);
        tasks_done[MYTHREAD]++;
    }
    upc_lock(lock);
    solutions += mine;
    upc_unlock(lock);
    elapsed[MYTHREAD] = upc_ticks_now() - start;
    upc_barrier;

    if (MYTHREAD == 0) {
        int t, total_tasks = 0, sane = 1;
        for (t = 0; t < THREADS; t++) {
            total_tasks += tasks_done[t];
            sane &= upc_ticks_to_ns(elapsed[t]) < 60ULL * 1000000000ULL;
        }
        printf("%d-queens: %ld solutions from %d tasks\n", NQ, solutions, total_tasks);
        printf("timings %s, UPC_TICK_MAX %s\n", sane ? "plausible" : "implausible",
               UPC_TICK_MAX > UPC_TICK_MIN ? "above UPC_TICK_MIN" : "wrong");
        upc_lock_free(lock);
    }
    return 0;
}
