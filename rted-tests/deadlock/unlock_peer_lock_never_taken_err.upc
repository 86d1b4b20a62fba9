/* upc-check-test
 * expect: lock-not-held
 * line: 17
 * threads: 2 4 8
 */
/* Error: each thread allocates the lock of its bucket with upc_global_lock_alloc; the cleanup loop "releases" the next thread's lock, which this thread never took */
#include <upc.h>
#include <stdio.h>

upc_lock_t *shared bucket_lock[THREADS];
shared int bucket[THREADS];

static void release_all(int first, int n)
{
    int k;
    for (k = 0; k < n; k++)
        upc_unlock(bucket_lock[(first + k) % THREADS]);
}

int main(void)
{
    bucket_lock[MYTHREAD] = upc_global_lock_alloc();
    upc_barrier;
    upc_lock(bucket_lock[MYTHREAD]);
    bucket[MYTHREAD] += 1;
    release_all(MYTHREAD + 1, 1);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("bucket %d\n", bucket[0]);
    return 0;
}
