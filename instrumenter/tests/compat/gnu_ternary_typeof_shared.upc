/* GNU C in the middle of UPC expressions: typeof of shared lvalues and of
 * pointers-to-shared, statement expressions that read and write shared data,
 * nested ternaries whose operands are shared accesses (also as lvalue-free
 * conditions), __builtin_expect around shared reads, _Static_assert,
 * __builtin_types_compatible_p, and a MAX macro in the style of the kernel's. */
#include <upc.h>
#include <stdio.h>

#define N 16

shared int a[N * THREADS];
shared double d[THREADS];
shared int hits[THREADS];

#define MAX(x, y) ({ typeof(x) _x = (x); typeof(y) _y = (y); _x > _y ? _x : _y; })
#define SWAP_SHARED(p, q) do { typeof(*(p) + 0) _t = *(p); *(p) = *(q); *(q) = _t; } while (0)
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

_Static_assert(sizeof(int) == 4, "int is 32 bits");
_Static_assert(N % 2 == 0, "N is even");

int main(void)
{
    int i, lo = MYTHREAD * N;
    typeof(a[0] + 0) local_max = 0;
    typeof(&a[0]) p = &a[lo];
    __typeof__(d[0] * 1.0) acc = 0;

    for (i = 0; i < N; i++)
        a[lo + i] = (i * 7 + MYTHREAD * 3) % N;
    d[MYTHREAD] = MYTHREAD + 0.5;
    upc_barrier;

    for (i = 0; i < N; i++)
        local_max = MAX(local_max, p[i]);
    /* nested ternaries over shared reads */
    for (i = 0; i < N; i++) {
        int c = a[lo + i] < 4 ? 0 : a[lo + i] < 8 ? 1 : a[lo + i] < 12 ? 2 : 3;
        acc += c == 3 ? d[MYTHREAD] : c == 0 ? -d[MYTHREAD] : 0.0;
    }
    /* a statement expression that updates shared data and yields a value */
    hits[MYTHREAD] = ({
        int h = 0, j;
        for (j = 0; j < N; j++)
            if (unlikely(a[lo + j] == N - 1))
                h++;
        h;
    });
    /* reverse my block in place with a typeof swap on shared elements */
    for (i = 0; i < N / 2; i++)
        SWAP_SHARED(&a[lo + i], &a[lo + N - 1 - i]);
    upc_barrier;

    if (likely(MYTHREAD == 0)) {
        int t, total = 0, ok = 1;
        for (t = 0; t < THREADS; t++) {
            total += hits[t];
            for (i = 0; i < N; i++)
                ok &= a[t * N + i] == (((N - 1 - i) * 7 + t * 3) % N);
        }
        printf("max %d, hits %d (expected %d), reversed %s\n", local_max, total, THREADS,
               ok ? "ok" : "WRONG");
        printf("acc %.1f\n", acc);
        printf("types: %d %d\n", __builtin_types_compatible_p(typeof(local_max), int),
               __builtin_types_compatible_p(typeof(acc), double));
    }
    return 0;
}
