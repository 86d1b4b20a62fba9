/* GNU C / C99 idioms around shared data, as in code written for GUPC */
#include <upc.h>
#include <stdio.h>
#include <stdbool.h>
#include <complex.h>
#include <string.h>

#define N 10
#define MAX(a,b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define SWAP(x,y) do { __typeof__(x) _t = (x); (x) = (y); (y) = _t; } while (0)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define likely(x) __builtin_expect(!!(x), 1)

struct vec { int n; double v[3]; };

shared double          vals[N*THREADS];
shared double complex  zs[THREADS];
shared bool            flags[THREADS];
shared struct vec      vecs[THREADS];
shared [N] int         blk[N*THREADS] __attribute__((unused));

static inline double sq(double x) { return x * x; }

static double sum_local(int n, const double *restrict v) {
    double s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s;
}

__attribute__((noinline)) static int count_true(shared bool *f) {
    int c = 0;
    for (int i = 0; i < THREADS; i++) c += f[i];
    return c;
}

int main(int argc, char *argv[]) {
    int errs = 0;
    (void)argc; (void)argv;

    for (int i = MYTHREAD; i < N*THREADS; i += THREADS) vals[i] = i;
    zs[MYTHREAD] = MYTHREAD + 2.0 * I;
    flags[MYTHREAD] = (MYTHREAD % 2 == 0);
    vecs[MYTHREAD] = (struct vec){ .n = 3, .v = { [2] = MYTHREAD, [0] = 1.0 } };
    upc_barrier;

    /* statement-expression max over shared reads */
    double m = 0;
    for (int i = 0; i < N*THREADS; i++) m = MAX(m, vals[i]);
    if (m != N*THREADS - 1) errs++;

    /* typeof of a shared element gives a private copy */
    __typeof__(vals[0]) cp = vals[1];
    cp += 1;
    if (cp != 2.0) errs++;

    /* VLA copy of a row of remote data */
    int n = N;
    double local[n];
    for (int i = 0; i < n; i++) local[i] = vals[i];
    if (sum_local(n, local) != n * (n - 1) / 2) errs++;

    /* complex */
    double complex z = zs[(MYTHREAD + 1) % THREADS];
    if (creal(z) != (MYTHREAD + 1) % THREADS || cimag(z) != 2.0) errs++;

    /* _Bool */
    _Bool b = flags[0];
    if (!b) errs++;
    if (count_true(flags) != (THREADS + 1) / 2) errs++;

    /* compound literal and designated initializer */
    struct vec v = vecs[THREADS - 1];
    if (v.n != 3 || v.v[0] != 1.0 || v.v[1] != 0 || v.v[2] != THREADS - 1) errs++;

    double pair[2] = { sq(3), sq(4) };
    SWAP(pair[0], pair[1]);
    if (pair[0] != 16 || ARRAY_SIZE(pair) != 2) errs++;

    shared double *p = &vals[0], *q = &vals[THREADS];
    SWAP(p, q);
    if (*p != THREADS || *q != 0) errs++;

    if (likely(errs == 0))
        upc_barrier;
    else {
        printf("thread %d: %d errors\n", MYTHREAD, errs);
        upc_barrier;
    }
    if (MYTHREAD == 0) puts("gnu_c99_mix: done");
    return errs;
}
