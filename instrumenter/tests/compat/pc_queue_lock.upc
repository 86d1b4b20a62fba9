/*
 * A bounded producer/consumer queue in shared memory, protected by one
 * upc_lock: a ring buffer with head and tail indices on thread 0.  Every
 * thread produces ITEMS work items (numbers to factor) and consumes items
 * until all of them have been consumed; a thread that finds the queue full
 * consumes instead, so nobody waits for ever.  What each consumer did is
 * summed per thread and the totals are checked by thread 0.
 */
#include <upc.h>
#include <stdio.h>

#define QCAP 8
#define ITEMS 25

typedef struct {
    int head, tail, count;
    long produced, consumed;
    long item[QCAP];
} queue_t;

shared queue_t q;                    /* on thread 0 */
upc_lock_t *qlock;
shared long factor_sum[THREADS];
shared int taken[THREADS];

static long smallest_factor(long n)
{
    long d;
    for (d = 2; d * d <= n; d++)
        if (n % d == 0)
            return d;
    return n;
}

/* 1: put v; 0: the queue is full */
static int put(long v)
{
    int ok = 0;
    upc_lock(qlock);
    if (q.count < QCAP) {
        q.item[q.tail] = v;
        q.tail = (q.tail + 1) % QCAP;
        q.count++;
        q.produced++;
        ok = 1;
    }
    upc_unlock(qlock);
    return ok;
}

/* 1: took *v; 0: empty; -1: empty and everything has been consumed */
static int take(long *v)
{
    int r = 0;
    upc_lock(qlock);
    if (q.count > 0) {
        *v = q.item[q.head];
        q.head = (q.head + 1) % QCAP;
        q.count--;
        q.consumed++;
        r = 1;
    } else if (q.consumed == (long)ITEMS * THREADS) {
        r = -1;
    }
    upc_unlock(qlock);
    return r;
}

int main(void)
{
    int made = 0;
    long v;

    qlock = upc_all_lock_alloc();
    for (;;) {
        int r;
        if (made < ITEMS && put(1000 + 37L * (MYTHREAD * ITEMS + made))) {
            made++;
            continue;
        }
        r = take(&v);
        if (r == 1) {
            factor_sum[MYTHREAD] += smallest_factor(v);
            taken[MYTHREAD]++;
        } else if (r == -1) {
            break;
        }
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        long s = 0, want = 0;
        int t, n = 0;
        for (t = 0; t < THREADS; t++) {
            s += factor_sum[t];
            n += taken[t];
        }
        for (t = 0; t < ITEMS * THREADS; t++)
            want += smallest_factor(1000 + 37L * t);
        printf("items per thread %d, consumed all: %s\n", ITEMS,
               n == ITEMS * THREADS && q.produced == n ? "yes" : "no");
        printf("sum of smallest factors matches: %s\n", s == want ? "yes" : "no");
        printf("queue empty: %s\n", q.count == 0 && q.head == q.tail ? "yes" : "no");
        upc_lock_free(qlock);
    }
    return 0;
}
