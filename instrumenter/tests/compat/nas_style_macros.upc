/* NAS-benchmark-harness style: npbparams-like macros, K&R helpers,
 * timers through <upc_tick.h>, verification against a reference value. */
#include <upc_relaxed.h>
#include <upc_tick.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define CLASS 'S'
#define NA 64
#define NITER 4
#define NONZER 3
#define T_TOTAL 0
#define T_LAST 1
#define dcopy(n, x, y) { int _i; for (_i = 0; _i < (n); _i++) (y)[_i] = (x)[_i]; }
#define pow2(x) ((x)*(x))
#define min(a,b) (((a) < (b)) ? (a) : (b))
#define max(a,b) (((a) > (b)) ? (a) : (b))
#define ROW(i) (x_sh[(i)])
#define TIMER_START(t) timers[t] = upc_ticks_now()
#define TIMER_STOP(t) elapsed[t] += upc_ticks_to_ns(upc_ticks_now() - timers[t]) * 1.0e-9

typedef int boolean;
#define TRUE 1
#define FALSE 0

shared [NA] double x_sh[NA*THREADS];
shared double norms[THREADS];
shared [] double *shared result_ptr;

static upc_tick_t timers[2];
static double elapsed[2];

static double randlc(x, a)
double *x, a;
{
    /* a simple LCG in the NAS spirit (not the real randlc) */
    *x = fmod(*x * a + 12345.0, 2147483647.0);
    return *x / 2147483647.0;
}

static void vranlc(n, x, a, y)
int n; double *x; double a; double y[];
{
    int i;
    for (i = 0; i < n; i++) y[i] = randlc(x, a);
}

static double local_norm(v, n)
shared [NA] double *v;
int n;
{
    int i; double s = 0.0;
    for (i = 0; i < n; i++) s += pow2(v[i]);
    return s;
}

int main(argc, argv)
int argc;
char **argv;
{
    int it, i;
    double seed = 314159265.0, a = 1220703125.0;
    double buf[NA], total = 0.0, ref = 0.0;
    boolean verified;

    TIMER_START(T_TOTAL);
    vranlc(NA, &seed, a, buf);
    /* every thread generates the same stream; thread t keeps block t scaled by t+1 */
    for (i = 0; i < NA; i++) buf[i] *= (MYTHREAD + 1);
    upc_memput(&x_sh[MYTHREAD * NA], buf, sizeof(buf));
    upc_barrier;

    for (it = 1; it <= NITER; it++) {
        int lo = MYTHREAD * NA, hi = lo + NA;
        for (i = lo; i < hi; i++) ROW(i) = ROW(i) * 0.5 + 0.25 * it;
        norms[MYTHREAD] = sqrt(local_norm(&x_sh[lo], NA));
        upc_barrier;
    }
    TIMER_STOP(T_TOTAL);

    if (MYTHREAD == 0) {
        double tmp[NA], s = 314159265.0;
        int t;
        result_ptr = (shared [] double *) upc_alloc(THREADS * sizeof(double));
        for (t = 0; t < THREADS; t++) result_ptr[t] = norms[t];
        for (t = 0; t < THREADS; t++) {
            double nn = 0.0;
            s = 314159265.0;
            vranlc(NA, &s, a, tmp);
            for (i = 0; i < NA; i++) {
                double v = tmp[i] * (t + 1);
                for (it = 1; it <= NITER; it++) v = v * 0.5 + 0.25 * it;
                nn += v * v;
            }
            ref += sqrt(nn);
            total += result_ptr[t];
        }
        verified = fabs(total - ref) <= 1.0e-10 * max(1.0, fabs(ref));
        printf(" NAS-style kernel, class %c\n", CLASS);
        printf(" Size = %d x %d threads, iterations = %d\n", NA, THREADS, NITER);
        printf(" Verification %s\n", verified ? "SUCCESSFUL" : "FAILED");
        printf(" Time measured: %s\n", elapsed[T_TOTAL] >= 0.0 ? "yes" : "no");
        upc_free(result_ptr);
    }
    (void) min(1, 2);
    return 0;
}
