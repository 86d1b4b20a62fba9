/* UPC 1.3 atomics the way a runtime-systems course writes them: a ticket lock
   (fetch-and-inc on "next", strict reads of "serving"), a bounded MPMC ring
   buffer whose slots are claimed with compare-and-swap on a structure member
   in upc_alloc'd memory, double-precision accumulation, min/max reductions,
   and domains created inside helper functions and freed again. */
#include <upc.h>
#include <upc_atomic.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

#define ITEMS_PER_THREAD 64
#define RING 32

typedef struct {
    int64_t next;       /* ticket dispenser */
    int64_t serving;    /* now serving */
} ticket_lock_t;

typedef struct {
    int64_t head, tail;              /* claimed with CAS */
    int64_t seq[RING];               /* slot sequence numbers */
    int64_t val[RING];
} ring_t;

shared ticket_lock_t tl;
shared int64_t protected_counter;
shared double dsum;
shared int imin, imax;
shared ring_t *shared ringp;
shared int64_t consumed_sum[THREADS];
shared int64_t consumed_n[THREADS];

static upc_atomicdomain_t *i64dom;

static upc_atomicdomain_t *make_domain(void)
{
    return upc_all_atomicdomain_alloc(UPC_INT64,
        UPC_GET | UPC_SET | UPC_INC | UPC_ADD | UPC_CSWAP | UPC_SUB | UPC_DEC, 0);
}

static void ticket_acquire(shared ticket_lock_t *l)
{
    int64_t my, now;
    upc_atomic_relaxed(i64dom, &my, UPC_INC, &l->next, NULL, NULL);
    do {
        upc_atomic_strict(i64dom, &now, UPC_GET, &l->serving, NULL, NULL);
    } while (now != my);
}

static void ticket_release(shared ticket_lock_t *l)
{
    upc_atomic_strict(i64dom, NULL, UPC_INC, &l->serving, NULL, NULL);
}

/* Vyukov-style bounded queue; returns 1 on success */
static int enqueue(shared ring_t *r, int64_t v)
{
    int64_t pos, seq, old;
    for (;;) {
        upc_atomic_relaxed(i64dom, &pos, UPC_GET, &r->tail, NULL, NULL);
        upc_atomic_strict(i64dom, &seq, UPC_GET, &r->seq[pos % RING], NULL, NULL);
        if (seq == pos) {
            int64_t nx = pos + 1;
            upc_atomic_strict(i64dom, &old, UPC_CSWAP, &r->tail, &pos, &nx);
            if (old == pos) {
                r->val[pos % RING] = v;
                upc_fence;
                upc_atomic_strict(i64dom, NULL, UPC_SET, &r->seq[pos % RING], &nx, NULL);
                return 1;
            }
        } else if (seq < pos) {
            return 0;           /* full */
        }
    }
}

static int dequeue(shared ring_t *r, int64_t *v)
{
    int64_t pos, seq, old;
    for (;;) {
        upc_atomic_relaxed(i64dom, &pos, UPC_GET, &r->head, NULL, NULL);
        upc_atomic_strict(i64dom, &seq, UPC_GET, &r->seq[pos % RING], NULL, NULL);
        if (seq == pos + 1) {
            int64_t nx = pos + 1;
            upc_atomic_strict(i64dom, &old, UPC_CSWAP, &r->head, &pos, &nx);
            if (old == pos) {
                int64_t ns = pos + RING;
                *v = r->val[pos % RING];
                upc_atomic_strict(i64dom, NULL, UPC_SET, &r->seq[pos % RING], &ns, NULL);
                return 1;
            }
        } else if (seq < pos + 1) {
            return 0;           /* empty */
        }
    }
}

int main(void)
{
    upc_atomicdomain_t *ddom, *idom;
    int i, errors = 0;
    int64_t produced = 0, total_n, total_sum, expect_sum;
    double one = 1.0, half = 0.5;

    i64dom = make_domain();
    ddom = upc_all_atomicdomain_alloc(UPC_DOUBLE, UPC_ADD, UPC_ATOMIC_HINT_THROUGHPUT);
    idom = upc_all_atomicdomain_alloc(UPC_INT, UPC_MIN | UPC_MAX | UPC_SET, UPC_ATOMIC_HINT_LATENCY);

    if (MYTHREAD == 0) {
        int z = 1 << 30, m = -(1 << 30);
        ringp = (shared ring_t *) upc_alloc(sizeof(ring_t));
        ringp->head = ringp->tail = 0;
        for (i = 0; i < RING; i++)
            ringp->seq[i] = i;
        upc_atomic_relaxed(idom, NULL, UPC_SET, &imin, &z, NULL);
        upc_atomic_relaxed(idom, NULL, UPC_SET, &imax, &m, NULL);
    }
    upc_barrier;

    /* ticket lock around a plain read-modify-write */
    for (i = 0; i < 50; i++) {
        ticket_acquire(&tl);
        protected_counter = protected_counter + 1;
        ticket_release(&tl);
    }
    /* float and min/max */
    for (i = 0; i < 10; i++) {
        upc_atomic_relaxed(ddom, NULL, UPC_ADD, &dsum, i & 1 ? &one : &half, NULL);
    }
    {
        int v = MYTHREAD * 7 - 3;
        upc_atomic_relaxed(idom, NULL, UPC_MIN, &imin, &v, NULL);
        upc_atomic_relaxed(idom, NULL, UPC_MAX, &imax, &v, NULL);
    }
    upc_barrier;

    /* producers and consumers on one ring: every thread produces and consumes */
    {
        shared ring_t *r = ringp;
        int64_t got, mysum = 0, myn = 0;
        int64_t next_item = 0;
        int stalls = 0;
        while (next_item < ITEMS_PER_THREAD) {
            if (enqueue(r, MYTHREAD * 1000 + next_item)) {
                next_item++;
                produced++;
            }
            if (dequeue(r, &got)) {
                mysum += got;
                myn++;
            } else {
                stalls++;
            }
        }
        consumed_sum[MYTHREAD] = mysum;
        consumed_n[MYTHREAD] = myn;
    }
    upc_barrier;
    /* drain what is left */
    if (MYTHREAD == 0) {
        int64_t got;
        while (dequeue(ringp, &got)) {
            consumed_sum[0] += got;
            consumed_n[0]++;
        }
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        total_n = total_sum = expect_sum = 0;
        for (i = 0; i < THREADS; i++) {
            total_n += consumed_n[i];
            total_sum += consumed_sum[i];
            expect_sum += (int64_t) i * 1000 * ITEMS_PER_THREAD
                          + (int64_t) ITEMS_PER_THREAD * (ITEMS_PER_THREAD - 1) / 2;
        }
        if (total_n != (int64_t) ITEMS_PER_THREAD * THREADS || total_sum != expect_sum) {
            printf("ring: got %lld items sum %lld, expected %lld sum %lld\n",
                   (long long) total_n, (long long) total_sum,
                   (long long) ITEMS_PER_THREAD * THREADS, (long long) expect_sum);
            errors++;
        }
        if (protected_counter != 50 * THREADS || tl.next != 50 * THREADS || tl.serving != 50 * THREADS) {
            printf("ticket lock: %lld\n", (long long) protected_counter);
            errors++;
        }
        if (dsum != 7.5 * THREADS) {
            printf("dsum %g\n", dsum);
            errors++;
        }
        if (imin != -3 || imax != 7 * (THREADS - 1) - 3) {
            printf("min %d max %d\n", imin, imax);
            errors++;
        }
        printf("isfast(int64 add) = %s\n",
               upc_atomic_isfast(UPC_INT64, UPC_ADD, (shared void *) &protected_counter) ? "yes" : "no");
        printf("atomics: %s\n", errors ? "FAILED" : "PASSED");
        upc_free(ringp);
    }
    upc_barrier;
    upc_all_atomicdomain_free(ddom);
    upc_all_atomicdomain_free(idom);
    upc_all_atomicdomain_free(i64dom);
    /* a fresh domain after freeing the old ones */
    i64dom = make_domain();
    upc_all_atomicdomain_free(i64dom);
    return 0;
}
