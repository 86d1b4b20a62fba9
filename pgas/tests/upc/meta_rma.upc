/* upc-check-test
 * expect: clean
 * threads: 1 2 4
 * stdout: meta_rma: ok
 */
/* The runtime's metadata about another thread's objects: when other threads' data is remote
 * (the MPI conduit with UPC_MPI_NODES=rank), the lock records and the heap block headers of
 * another thread are reached through the conduit's one-sided operations (counted by
 * upcr_rma_meta_ops), elsewhere directly (no such operation).  Thread 0 locks, reads (a
 * bounds-checked upc_memget needs the block's size), frees a lock and a block of the last
 * thread; the last thread then gets both back from its allocator, so the heap's free lists
 * were updated in the other thread's partition. */
#include <upc.h>
#include <stdio.h>

unsigned long long upcr_rma_meta_ops(void);
void upcr_rma_counts(unsigned long long out[4]);

shared int x[THREADS];
upc_lock_t *shared lk;
shared [] char *shared blk;
shared int bad;

int main(void)
{
    int last = THREADS - 1, i, remote;
    unsigned long long m0, m1, r[4];
    char buf[100];
    x[MYTHREAD] = MYTHREAD;
    if (MYTHREAD == last) {
        lk = upc_global_lock_alloc();
        blk = (shared [] char *)upc_alloc(100);
        for (i = 0; i < 100; i++)
            blk[i] = (char)i;
    }
    upc_barrier;
    /* whether another thread's data is reached through the conduit */
    i = x[(MYTHREAD + 1) % THREADS];
    upcr_rma_counts(r);
    remote = THREADS > 1 && r[0] > 0;
    m0 = upcr_rma_meta_ops();
    if (MYTHREAD == 0) {
        upc_lock(lk);
        upc_memget(buf, blk, 100);
        upc_unlock(lk);
        if (buf[99] != 99) {
            printf("thread 0: upc_memget read %d\n", buf[99]);
            bad = 1;
        }
        upc_free(blk);
        upc_lock_free(lk);
    }
    m1 = upcr_rma_meta_ops();
    upc_barrier;
    if (MYTHREAD == last) {
        upc_lock_t *l2 = upc_global_lock_alloc();
        shared [] char *b2 = (shared [] char *)upc_alloc(100);
        if (l2 != lk) {
            printf("thread %d: the freed lock record was not reused\n", MYTHREAD);
            bad = 1;
        }
        if (b2 != blk) {
            printf("thread %d: the freed block was not reused\n", MYTHREAD);
            bad = 1;
        }
        upc_lock_free(l2);
        upc_free(b2);
    }
    if (MYTHREAD == 0 && THREADS > 1 && remote && m1 == m0) {
        printf("thread 0: no operation on the last thread's metadata through the conduit\n");
        bad = 1;
    }
    if (MYTHREAD == 0 && !remote && m1 != m0) {
        printf("thread 0: %llu metadata operations through a conduit without remote data\n",
               m1 - m0);
        bad = 1;
    }
    upc_barrier;
    if (MYTHREAD == 0 && !bad)
        printf("meta_rma: ok\n");
    return 0;
}
