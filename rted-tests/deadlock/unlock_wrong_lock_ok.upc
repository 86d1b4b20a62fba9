/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of unlock_wrong_lock_err.upc: the unlock uses the bucket the thread locked */
#include <upc.h>
#include <stdio.h>

shared int key[THREADS];
shared int bucket_count[THREADS];

int main(void)
{
    upc_lock_t *bucket[2];
    int b;
    bucket[0] = upc_all_lock_alloc();
    bucket[1] = upc_all_lock_alloc();
    key[MYTHREAD] = 2 * MYTHREAD;
    upc_barrier;
    b = key[MYTHREAD] % 2;
    upc_lock(bucket[b]);
    bucket_count[b]++;
    if (MYTHREAD == THREADS - 1)
        key[MYTHREAD]++;
    upc_unlock(bucket[b]);
    upc_barrier;
    return 0;
}
