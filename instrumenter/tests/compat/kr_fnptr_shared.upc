/* kr_fnptr_shared.upc -- an old vector library: K&R definitions whose
 * parameters are pointers-to-shared (declared in the identifier list style,
 * some defaulting to int), prototypes in a "header" section, a dispatch table
 * of pointers to functions taking pointers-to-shared, a function returning a
 * pointer to such a function, and callbacks passed through void *. */
#include <upc.h>
#include <stdio.h>

#define BLK 4
#define LEN (BLK * THREADS)

typedef shared [BLK] double *vecp;
typedef double (*reduce_fn)(vecp, int, int);
typedef void (*apply_fn)(shared [BLK] double *, int, double);

shared [BLK] double x[LEN], y[LEN];
shared double results[THREADS];

/* "header" */
double vsum();
double vmax();
void vscale();
void vaxpy();
reduce_fn pick_reduce();
static int (*counter_for(int))(shared [BLK] double *, int);

/* K&R definitions */
double vsum(v, lo, hi)
    vecp v;
    int lo, hi;
{
    double s = 0.0;
    int i;
    for (i = lo; i < hi; i++)
        s += v[i];
    return s;
}

double vmax(v, lo, hi)
    shared [BLK] double *v;
{                                   /* lo and hi default to int */
    double m = v[lo];
    int i;
    for (i = lo + 1; i < hi; i++)
        if (v[i] > m) m = v[i];
    return m;
}

void vscale(v, n, a)
    register shared [BLK] double *v;
    double a;
{
    int i;
    upc_forall (i = 0; i < n; i++; &v[i])
        v[i] *= a;
}

void vaxpy(dst, src, n, a)
    shared [BLK] double *dst;
    shared [BLK] double *src;
    int n;
    double a;
{
    int i;
    upc_forall (i = 0; i < n; i++; dst + i)
        dst[i] += a * src[i];
}

reduce_fn pick_reduce(name)
    char *name;
{
    return name[1] == 's' ? vsum : vmax;    /* "vsum" / "vmax" */
}

static int count_pos(shared [BLK] double *v, int n)
{
    int i, c = 0;
    for (i = 0; i < n; i++) c += v[i] > 0;
    return c;
}

static int count_neg(shared [BLK] double *v, int n)
{
    int i, c = 0;
    for (i = 0; i < n; i++) c += v[i] < 0;
    return c;
}

static int (*counter_for(int sign))(shared [BLK] double *, int)
{
    return sign > 0 ? count_pos : count_neg;
}

struct op { const char *name; apply_fn fn; double arg; };

static void each(void (*cb)(void *, int), void *ctx, int n)
{
    int i;
    for (i = 0; i < n; i++) cb(ctx, i);
}

static void set_x(void *ctx, int i)
{
    shared [BLK] double *v = *(vecp *)ctx;
    if (upc_threadof(&v[i]) == (size_t)MYTHREAD)
        v[i] = (i % 2) ? -(double)i : (double)i;
}

static void apply_vaxpy(shared [BLK] double *v, int n, double a) { vaxpy(v, x, n, a); }

int main()
{
    static struct op ops[] = {
        { "scale", vscale, 2.0 },
        { "axpy",  apply_vaxpy, 0.5 },
        { "scale", vscale, -1.0 },
    };
    vecp px = x;
    int i, n = LEN;
    reduce_fn r;
    double (*sumf)() = vsum;      /* an old-style pointer without a prototype */

    each(set_x, &px, n);
    upc_forall (i = 0; i < n; i++; &y[i])
        y[i] = 1.0;
    upc_barrier;

    for (i = 0; i < (int)(sizeof ops / sizeof ops[0]); i++) {
        ops[i].fn(y, n, ops[i].arg);
        upc_barrier;
    }
    /* y = -(2 + 0.5 x) */

    r = pick_reduce("vsum");
    results[MYTHREAD] = r(y, MYTHREAD * BLK, MYTHREAD * BLK + BLK);
    upc_barrier;

    if (MYTHREAD == 0) {
        /* x[i] = i (even i), -i (odd i), so sum(x) = -2*THREADS, max(x) = 4*THREADS-2,
         * min(x) = 1-4*THREADS; the values are printed relative to THREADS */
        double total = 0.0;
        for (i = 0; i < THREADS; i++) total += results[i];
        printf("sum(y)/THREADS = %.1f  check %.1f\n", total / THREADS,
               (*sumf)(y, 0, n) / THREADS);
        printf("max(x) - 4*THREADS = %.1f  max(y) - 2*THREADS = %.1f\n",
               pick_reduce("vmax")(x, 0, n) - 4 * THREADS,
               (*pick_reduce("vmax"))(y, 0, n) - 2 * THREADS);
        printf("positive x - 2*THREADS: %d  negative y - 2*THREADS: %d\n",
               counter_for(1)(x, n) - 2 * THREADS, (*counter_for(-1))(y, n) - 2 * THREADS);
    }
    return 0;
}
