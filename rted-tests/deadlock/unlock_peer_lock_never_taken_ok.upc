/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: the cleanup loop releases the lock this thread took */
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
    release_all(MYTHREAD, 1);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("bucket %d\n", bucket[0]);
    return 0;
}
