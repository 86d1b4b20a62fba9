/*
 * A test-and-test-and-set spin lock built from Berkeley UPC's strict atomics
 * (bupc_atomicI_cswap_strict to take it, bupc_atomicI_set_strict to give it
 * back), as UTS and other Berkeley codes did before UPC 1.3's atomics.  The
 * lock protects a shared ring of records on thread 0 that every thread
 * appends to with plain (non-atomic) reads and writes; the strict operations
 * order them.
 */
#include <upc.h>
#include <stdio.h>

#define PER 20
#define CAP 512

typedef struct {
    int owner;
    int seq;
    long payload;
} entry_t;

shared int lockword;                 /* 0 free, 1 taken */
shared [] entry_t ring[CAP];         /* on thread 0 */
shared [] int ring_len[1];
shared long checksum[THREADS];

static void acquire(shared int *l)
{
    for (;;) {
        if (bupc_atomicI_cswap_strict(l, 0, 1) == 0)
            return;
        while (bupc_atomicI_read_relaxed(l) != 0)
            bupc_sched_yield();
    }
}

static void release(shared int *l)
{
    bupc_atomicI_set_strict(l, 0);
}

int main(void)
{
    int i, n;
    for (i = 0; i < PER; i++) {
        acquire(&lockword);
        n = ring_len[0];
        if (n < CAP) {
            ring[n].owner = MYTHREAD;
            ring[n].seq = i;
            ring[n].payload = (long)MYTHREAD * 1000 + i;
            ring_len[0] = n + 1;
        }
        release(&lockword);
    }
    upc_barrier;

    /* every thread checks that its own entries are all there, in order */
    {
        int next = 0, ok = 1;
        long s = 0;
        n = ring_len[0];
        for (i = 0; i < n; i++)
            if (ring[i].owner == MYTHREAD) {
                ok &= ring[i].seq == next++;
                s += ring[i].payload;
            }
        checksum[MYTHREAD] = ok && next == PER ? s : -1;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        long total = 0, want = 0;
        for (i = 0; i < THREADS; i++) {
            total += checksum[i];
            want += (long)i * 1000 * PER + PER * (PER - 1) / 2;
        }
        printf("entries %d of %d\n", ring_len[0] == PER * THREADS ? PER : -1, PER);
        printf("checksums %s\n", total == want ? "match" : "differ");
    }
    return 0;
}
