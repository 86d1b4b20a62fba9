/*
 * A 1990s-style code ported to UPC: implicit int everywhere, K&R
 * definitions taking pointers-to-shared and shared-array parameters,
 * `register' locals, a static counter without a type, old prototypes
 * without parameter lists, and comma-separated declarators mixing
 * private and shared pointers.
 */
#include <upc.h>
#include <stdio.h>

#define LEN 16
#define TOTAL (LEN*THREADS)

shared int data[TOTAL];
shared [LEN] short blk[TOTAL];
shared long checks[THREADS];

static calls = 0;
extern count_if();
long dot();
void scale();

static
bump()
{
    return ++calls;
}

count_if(v, n, threshold)
    shared int *v;
    register n;
    int threshold;
{
    register int i, c = 0;
    bump();
    for (i = 0; i < n; i++)
        if (v[i] > threshold)
            c++;
    return c;
}

long
dot(a, b, n)
    shared int a[];
    shared [LEN] short *b;
    unsigned n;
{
    register unsigned i;
    long s = 0L;
    bump();
    for (i = 0; i < n; i++)
        s += (long) a[i] * b[i];
    return s;
}

void
scale(p, n, k)
    shared [LEN] short *p;
    int n;
    short k;
{
    register short *lp;
    register i;
    bump();
    /* the caller passes its own block: walk it through a local pointer */
    lp = (short *) p;
    for (i = 0; i < n; i++)
        lp[i] *= k;
}

main()
{
    register i;
    int *unused_local, j = 0;
    shared int *pd, *pe;
    long ref;

    (void) unused_local;
    upc_forall (i = 0; i < TOTAL; i++; &data[i])
        data[i] = i % 7;
    upc_forall (i = 0; i < TOTAL; i++; &blk[i])
        blk[i] = (short) (i % 5);
    upc_barrier;

    scale(&blk[MYTHREAD * LEN], LEN, (short) 2);
    upc_barrier;

    pd = data;
    pe = pd + TOTAL;
    for (; pd < pe; pd++)
        j += *pd;
    ref = 0;
    for (i = 0; i < TOTAL; i++)
        ref += (long) (i % 7) * (2 * (i % 5));
    {
        long d = dot(data, blk, TOTAL);
        int c1 = count_if(data, TOTAL, 3);
        int c2 = count_if(data + 1, TOTAL - 1, 3);
        checks[MYTHREAD] = (d == ref) + 2 * (c1 - c2 == 0) + 4 * (calls == 4);
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        int ok = 1, expect_sum = 0;
        for (i = 0; i < THREADS; i++)
            ok &= checks[i] == 7;
        for (i = 0; i < TOTAL; i++)
            expect_sum += i % 7;
        printf("sum of data %s\n", j == expect_sum ? "matches" : "DIFFERS");
        printf("dot product and counts %s after %d calls\n", ok ? "ok" : "WRONG", calls);
    }
    return 0;
}
