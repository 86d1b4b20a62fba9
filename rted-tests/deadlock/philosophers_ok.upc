/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8 16
 */
/* Correct twin of philosophers_err.upc: the last meal too takes the lower-numbered fork
   first (and nobody holds a fork at the barrier), so there is no cycle.
   */
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
        /* the last meal, lower fork first */
        upc_barrier;
        upc_lock(fork_lock[left < right ? left : right]);
        upc_lock(fork_lock[left < right ? right : left]);
        upc_unlock(fork_lock[left < right ? right : left]);
        upc_unlock(fork_lock[left < right ? left : right]);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("meals: %ld\n", eaten[0]);
    return 0;
}
