/* upc-check-test
 * expect: lock-chain-collective
 * line: 19
 * threads: 2 3 4 8
 */
/* Error: thread 0 forgets to release the bucket lock (kept in a shared array of locks made by upc_all_lock_alloc) of its last bucket before the reduction, and thread 1 waits for that lock while thread 0 waits for it in the reduction */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <unistd.h>

#define NB 4
upc_lock_t *shared bucket_lock[NB * THREADS];
shared int bucket[NB * THREADS];
shared int total;

static void add(int b, int v, int keep)
{
    upc_lock(bucket_lock[b]);
    bucket[b] += v;
    if (!keep) upc_unlock(bucket_lock[b]);
}

int main(void)
{
    int i;
    for (i = 0; i < NB; i++) {
        upc_lock_t *l = upc_all_lock_alloc();
        if (MYTHREAD == 0) bucket_lock[i] = l;
    }
    upc_barrier;
    if (MYTHREAD == 0)
        for (i = 0; i < NB; i++) add(i, 1, i == NB - 1);
    if (MYTHREAD == 1) {
        while (bucket[NB - 1] == 0) ;
        sleep(1);  /* thread 0 is in the reduction by now */
        add(NB - 1, 2, 0);
    }
    upc_all_reduceI(&total, bucket, UPC_ADD, NB, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("total %d\n", total);
    return 0;
}
