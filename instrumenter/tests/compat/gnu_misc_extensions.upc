/*
 * GNU C extensions as they appear in code built only with gcc: `__auto_type`,
 * a zero-length trailing array in a record that lives in shared memory
 * (allocated with upc_alloc), `__extension__`, `asm volatile` barriers,
 * `__int128` checksums, `_Complex` arithmetic with `__real__`/`__imag__`, `__builtin_expect`,
 * attributes between the specifiers and after the declarator, local labels
 * (`__label__`) in a statement-expression macro, and `__typeof__`.
 */
#include <upc.h>
#include <stdio.h>
#include <stdint.h>
#include <complex.h>

#define likely(x) __builtin_expect(!!(x), 1)
#define compiler_barrier() __asm__ __volatile__("" ::: "memory")

/* find the first index with a[i] == v, or -1: a macro with a local label */
#define FIND(a, n, v) __extension__({                         \
        __label__ found;                                      \
        int i_;                                               \
        for (i_ = 0; i_ < (n); i_++)                          \
            if ((a)[i_] == (v))                               \
                goto found;                                   \
        i_ = -1;                                              \
    found:                                                    \
        i_;                                                   \
    })

struct record {
    int len;
    int sum;
    int data[0];           /* GNU zero-length array: the record's payload */
};

typedef shared struct record *rec_ptr;
shared rec_ptr recs[THREADS];

static int __attribute__((noinline)) __attribute__((unused)) scale(int x) { return 3 * x; }
static const int __attribute__((aligned(16))) primes[8] = { 2, 3, 5, 7, 11, 13, 17, 19 };
__extension__ typedef unsigned __int128 u128;

int main(void)
{
    int n = 4 + MYTHREAD % 3, i;
    __auto_type me = MYTHREAD;          /* int */
    __auto_type r = (shared struct record *)upc_alloc(sizeof(struct record) + n * sizeof(int));
    int v __attribute__((unused)) = 0;

    r->len = n;
    for (i = 0; i < n; i++)
        r->data[i] = scale(me + i);
    r->sum = 0;
    for (i = 0; i < n; i++)
        r->sum += r->data[i];
    recs[MYTHREAD] = r;
    compiler_barrier();
    upc_barrier;

    /* every thread checks its right neighbour's record through the shared pointer */
    {
        rec_ptr q = recs[(MYTHREAD + 1) % THREADS];
        int s = 0, expect = 0, t = (MYTHREAD + 1) % THREADS;
        for (i = 0; i < q->len; i++)
            s += q->data[i];
        for (i = 0; i < 4 + t % 3; i++)
            expect += 3 * (t + i);
        if (!likely(s == q->sum && s == expect))
            printf("thread %d: neighbour's record is wrong (%d %d %d)\n", MYTHREAD, s, q->sum,
                   expect);
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        u128 h = 0;
        __typeof__(h) mult = 1000003u;
        double _Complex z = 0, c = -0.4 + 0.6 * I;
        for (i = 0; i < 8; i++)
            h = h * mult + primes[i];
        printf("hash128 %016llx%016llx\n", (unsigned long long)(h >> 64),
               (unsigned long long)h);
        for (i = 0; i < 10; i++)
            z = z * z + c;
        printf("julia %.6f %+.6fi\n", creal(z), cimag(z));
        __imag__ z = -__imag__ z;               /* the conjugate, part by part */
        printf("conjugate %.6f %+.6fi\n", __real__ z, __imag__ z);
        printf("find 11 -> %d, find 4 -> %d\n", FIND(primes, 8, 11), FIND(primes, 8, 4));
        printf("records ok for %s threads\n", THREADS > 1 ? "all" : "the one");
    }
    upc_barrier;
    upc_free(r);
    return 0;
}
