/* A C11 type-generic interface over pointers-to-shared: _Generic macros select a function,
 * a name or a size by the pointer-to-shared type (element type and block size), as a
 * library header would offer sum/fill/describe for every distributed array it supports. */
#include <upc.h>
#include <stdio.h>

#define B 4
shared int vi[B * THREADS];
shared [B] double vd[B * THREADS];
shared [] long vl[B];
typedef shared [B] double *dvec_t;

static long sum_int(shared int *p, int n)
{
    long s = 0;
    for (int i = 0; i < n; i++)
        s += p[i];
    return s;
}
static long sum_dbl(shared [B] double *p, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += p[i];
    return (long)s;
}
static long sum_long(shared [] long *p, int n)
{
    long s = 0;
    for (int i = 0; i < n; i++)
        s += p[i];
    return s;
}

#define SUM(p, n) _Generic((p), shared int *: sum_int, \
                                shared [B] double *: sum_dbl, \
                                shared [] long *: sum_long)((p), (n))
#define KIND(p) _Generic((p), shared int *: "cyclic int", \
                              shared [B] double *: "blocked double", \
                              shared [] long *: "indefinite long", \
                              default: "private")
#define BLOCK(p) _Generic((p), shared int *: 1, shared [B] double *: B, default: 0)

int main(void)
{
    int i, local = 0;
    upc_forall (i = 0; i < B * THREADS; i++; &vi[i])
        vi[i] = i;
    upc_forall (i = 0; i < B * THREADS; i++; &vd[i])
        vd[i] = 0.5 * i;
    if (MYTHREAD == 0)
        for (i = 0; i < B; i++)
            vl[i] = 1000 + i;
    upc_barrier;
    if (MYTHREAD == 0) {
        dvec_t dv = &vd[0];
        long n = B * THREADS;
        printf("%s: block %d, sum %s\n", KIND(&vi[0]), BLOCK(&vi[0]),
               SUM(&vi[0], B * THREADS) == n * (n - 1) / 2 ? "ok" : "WRONG");
        printf("%s: block %d, sum %s\n", KIND(dv), BLOCK(dv),
               SUM(dv, B * THREADS) == (long)(0.5 * n * (n - 1) / 2) ? "ok" : "WRONG");
        printf("%s: block %d, sum %ld\n", KIND(vl), BLOCK(vl), SUM(vl, B));
        printf("%s: block %d\n", KIND(&local), BLOCK(&local));
    }
    return 0;
}
