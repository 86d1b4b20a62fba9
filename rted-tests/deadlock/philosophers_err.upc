/* upc-check-test
 * expect: lock-cycle
 * line: 47
 * threads: 2 3 4 8 16
 * report: deadlock: a cycle of threads holding and waiting for locks
 */
/* Error: dining philosophers.  Thousands of meals are taken correctly (the lower-numbered
   fork first), then for the last meal every philosopher picks up the left fork first, waits
   until all have it, and reaches for the right one: a cycle through every thread. */
#include <upc.h>
#include <stdio.h>

#define MEALS 2000

upc_lock_t *shared fork_lock[THREADS];
shared long eaten[THREADS];

static void eat(int first, int second)
{
    upc_lock(fork_lock[first]);
    upc_lock(fork_lock[second]);
    eaten[MYTHREAD]++;
    upc_unlock(fork_lock[second]);
    upc_unlock(fork_lock[first]);
}

int main(void)
{
    int left = MYTHREAD, right = (MYTHREAD + 1) % THREADS;
    int m;

    fork_lock[MYTHREAD] = upc_global_lock_alloc();
    upc_barrier;
    for (m = 0; m < MEALS; m++) {
        if (THREADS == 1)
            break;
        if (left < right)
            eat(left, right);
        else
            eat(right, left);
    }
    upc_barrier;
    if (THREADS > 1) {
        /* the last meal, everyone left hand first */
        upc_lock(fork_lock[left]);
        upc_barrier;
        upc_lock(fork_lock[right]);
        upc_unlock(fork_lock[right]);
        upc_unlock(fork_lock[left]);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("meals: %ld\n", eaten[0]);
    return 0;
}
