/* upc_forall loops whose index runs up to the limits of its type: the owned
 * iterations must stop where the sequential loop stops (no wrap-around), and an
 * unsigned affinity of any size picks thread (value mod THREADS). */
#include <upc.h>
#include <stdio.h>
#include <limits.h>
#include <stdint.h>

shared int bad[THREADS];

static int one(int x) { return x; }

#define CHECK(got, want) do { if ((got) != (want)) { \
    printf("thread %d, line %d: %ld iterations, expected %ld\n", MYTHREAD, __LINE__, \
           (long)(got), (long)(want)); bad[MYTHREAD] = 1; } } while (0)

int main()
{
    unsigned u, uend = UINT_MAX - 1;
    int i;
    unsigned char c;
    uint64_t k;
    unsigned long long big = 0xFFFFFFFFFFFFFFF0ULL;
    long n, want;

    n = want = 0;
    upc_forall (u = UINT_MAX - 20; u < UINT_MAX - 1; u++; u)
        n++;
    for (u = UINT_MAX - 20; u < UINT_MAX - 1; u++)
        if (u % THREADS == (unsigned)MYTHREAD) want++;
    CHECK(n, want);

    n = 0;                      /* a bound the body may change */
    upc_forall (u = UINT_MAX - 20; u < uend; u++; u) {
        n++;
        uend += 0;
    }
    CHECK(n, want);

    n = want = 0;               /* a body that calls a function */
    upc_forall (i = INT_MAX - 17; i < INT_MAX; i++; i)
        n += one(1);
    for (i = INT_MAX - 17; i < INT_MAX; i++)
        if (i % THREADS == MYTHREAD) want++;
    CHECK(n, want);

    n = want = 0;
    upc_forall (int j = INT_MAX - 30; j < INT_MAX; j += 3; j)
        n++;
    for (int j = INT_MAX - 30; j < INT_MAX; j += 3)
        if (j % THREADS == MYTHREAD) want++;
    CHECK(n, want);

    n = want = 0;
    upc_forall (c = 200; c < 255; c++; c)
        n++;
    for (c = 200; c < 255; c++)
        if (c % THREADS == MYTHREAD) want++;
    CHECK(n, want);

    n = want = 0;
    upc_forall (i = 0; i < 16; i++; big + (unsigned long long)i)
        n++;
    for (i = 0; i < 16; i++)
        if ((big + (unsigned long long)i) % THREADS == (unsigned)MYTHREAD) want++;
    CHECK(n, want);

    n = want = 0;
    upc_forall (k = UINT64_MAX - 9; k > 5; k++; k)
        n++;
    for (k = UINT64_MAX - 9; k > 5; k++)
        if (k % THREADS == (unsigned)MYTHREAD) want++;
    CHECK(n, want);

    upc_barrier;
    if (MYTHREAD == 0) {
        int t, fails = 0;
        for (t = 0; t < THREADS; t++)
            fails += bad[t];
        printf("%s\n", fails ? "FAIL" : "PASS");
    }
    return 0;
}
