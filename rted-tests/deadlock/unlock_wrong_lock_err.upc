/* upc-check-test
 * expect: lock-not-held
 * line: 27
 * threads: 2 4 8
 * report: allocated at unlock_wrong_lock_err.upc:19 by upc_all_lock_alloc, called by every thread
 */
/* Error: the last thread computes the bucket of its unlock from the updated key and releases a lock it never took */
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
    upc_unlock(bucket[key[MYTHREAD] % 2]);
    upc_barrier;
    return 0;
}
