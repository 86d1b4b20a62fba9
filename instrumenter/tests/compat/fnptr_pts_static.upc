/* Library-style code around pointers-to-shared: static and inline helpers
 * with pointer-to-shared parameters (const, restrict-qualified private
 * pointers beside them), a table of function pointers whose parameters are
 * pointers-to-shared, a callback registered in a struct, and a function
 * returning a pointer-to-shared chosen by a pointer-to-function. */
#include <upc_relaxed.h>
#include <stdio.h>

#define B 8

shared [B] int v[B * THREADS];
shared [B] int w[B * THREADS];
shared long result[THREADS];

typedef long (*reducer_fn)(shared [B] const int *p, int n);
typedef shared [B] int *(*chooser_fn)(int which);

static inline int owner_of(shared [B] const void *p)
{
    return (int)upc_threadof((shared void *)p);
}

static long sum(shared [B] const int *p, int n)
{
    long s = 0;
    int i;
    for (i = 0; i < n; i++)
        s += p[i];
    return s;
}

static long maxof(shared [B] const int *p, int n)
{
    long m = p[0];
    int i;
    for (i = 1; i < n; i++)
        if (p[i] > m)
            m = p[i];
    return m;
}

static long count_odd(shared [B] const int *p, int n)
{
    long c = 0;
    while (n--)
        c += *p++ & 1;
    return c;
}

static void scale_into(shared [B] int *restrict dst, shared [B] const int *restrict src,
                       const int *restrict factor, int n)
{
    int i;
    for (i = 0; i < n; i++)
        dst[i] = src[i] * *factor;
}

static shared [B] int *pick(int which)
{
    return which ? &w[0] : &v[0];
}

struct stage {
    const char *name;
    reducer_fn fn;
};

static const struct stage stages[] = {
    { "sum", sum },
    { "max", maxof },
    { "odd", count_odd },
};

int main(void)
{
    chooser_fn choose = pick;
    int i, k, three = 3;
    shared [B] int *mine = &v[MYTHREAD * B];

    for (i = 0; i < B; i++)
        mine[i] = MYTHREAD * B + i;
    scale_into(&w[MYTHREAD * B], mine, &three, B);
    upc_barrier;
    if (MYTHREAD == 0) {
        for (k = 0; k < 3; k++) {
            long a = 0, b = 0;
            int t;
            for (t = 0; t < THREADS; t++) {
                shared [B] int *p = choose(0) + t * B;
                long x = stages[k].fn(p, B), y = (*stages[k].fn)(choose(1) + t * B, B);
                if (owner_of(p) != t)
                    printf("bad owner\n");
                if (k == 1) { a = x > a ? x : a; b = y > b ? y : b; }
                else { a += x; b += y; }
            }
            {
                long n = (long)B * THREADS;
                long ev = k == 0 ? n * (n - 1) / 2 : k == 1 ? n - 1 : n / 2;
                long ew = k == 2 ? ev : 3 * ev;
                printf("%s: v %s  w %s\n", stages[k].name, a == ev ? "ok" : "WRONG",
                       b == ew ? "ok" : "WRONG");
            }
        }
    }
    result[MYTHREAD] = stages[0].fn(&w[MYTHREAD * B], B) - 3 * sum(mine, B);
    upc_barrier;
    if (MYTHREAD == 0) {
        long bad = 0;
        for (i = 0; i < THREADS; i++)
            bad += result[i] != 0;
        printf("per-thread scale check: %s\n", bad ? "FAILED" : "ok");
    }
    return 0;
}
