/*--------------------------------------------------------------------
  NAS-style kernel "DFT": a distributed discrete Fourier transform of a
  signal with a known spectrum, written the way NPB-UPC codes are: class
  parameters from macros, timer_clear/start/stop/read over upc_tick_t,
  a c_print_results() banner, and a verification against the analytic
  result with an epsilon.  The data are double _Complex in shared arrays of
  structs; magnitudes are long double.
--------------------------------------------------------------------*/
#include <upc_relaxed.h>
#include <upc_collective.h>
#include <upc_tick.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <complex.h>

#ifndef CLASS
#define CLASS 'S'
#endif
#if CLASS == 'S'
#define NB      8            /* points per thread */
#define K0      3            /* the frequency of the signal */
#define NITER   2
#else
#error "unknown class"
#endif

#define EPSILON 1.0e-9
#define T_TOTAL 0
#define T_DFT   1
#define T_LAST  2

typedef struct {
    double _Complex z;
    long double mag;
} spec_t;

shared [NB] double _Complex signal[NB * THREADS];
shared [NB] spec_t spectrum[NB * THREADS];
shared double maxerr[THREADS];
shared double worst;

/* ---- timers (npb c_timers.c, on the UPC tick clock) ---- */
static upc_tick_t start_tick[T_LAST];
static double elapsed[T_LAST];

static void timer_clear(int n) { elapsed[n] = 0.0; }
static void timer_start(int n) { start_tick[n] = upc_ticks_now(); }
static void timer_stop(int n)
{
    upc_tick_t t = upc_ticks_now() - start_tick[n];
    elapsed[n] += (double)upc_ticks_to_ns(t) * 1.0e-9;
}
static double timer_read(int n) { return elapsed[n]; }

/* ---- print_results (npb c_print_results.c) ---- */
static void c_print_results(const char *name, char class, int n1, int niter, int nthreads,
                            double t, double mops, const char *optype, int passed_verification)
{
    printf("\n\n %s Benchmark Completed\n", name);
    printf(" Class           =                        %c\n", class);
    printf(" Size            =             %12d\n", n1);
    printf(" Iterations      =             %12d\n", niter);
    printf(" Threads         =             %12d\n", nthreads);
    printf(" Time in seconds =             %12.2f\n", t);
    printf(" Mop/s total     =             %12.2f\n", mops);
    printf(" Operation type  = %24s\n", optype);
    if (passed_verification)
        printf(" Verification    =               SUCCESSFUL\n");
    else
        printf(" Verification    =             UNSUCCESSFUL\n");
}

static void setup(void)
{
    int n, N = NB * THREADS;
    upc_forall (n = 0; n < N; n++; &signal[n]) {
        double ph = 2.0 * M_PI * K0 * n / N;
        signal[n] = cos(ph) + I * sin(ph);
    }
}

static void dft_my_block(void)
{
    int N = NB * THREADS, k, n;
    double _Complex *x = malloc(sizeof(double _Complex) * (size_t)N);
    /* gather the whole signal, a block at a time */
    for (n = 0; n < THREADS; n++)
        upc_memget(&x[n * NB], &signal[n * NB], NB * sizeof(double _Complex));
    upc_forall (k = 0; k < N; k++; &spectrum[k]) {
        double _Complex s = 0;
        for (n = 0; n < N; n++)
            s += x[n] * cexp(-2.0 * I * M_PI * (double)k * n / N);
        spectrum[k].z = s;
        spectrum[k].mag = (long double)cabs(s);
    }
    free(x);
}

int main(int argc, char **argv)
{
    int it, k, N = NB * THREADS, verified;
    double t, mops;
    (void)argc; (void)argv;

    if (MYTHREAD == 0) {
        printf("\n\n NAS Parallel Benchmarks (UPC style) - DFT Benchmark\n\n");
        printf(" Size: %d points\n", NB);       /* per thread */
        printf(" Iterations: %d\n", NITER);
    }
    timer_clear(T_TOTAL);
    timer_clear(T_DFT);
    setup();
    upc_barrier;

    timer_start(T_TOTAL);
    for (it = 1; it <= NITER; it++) {
        timer_start(T_DFT);
        dft_my_block();
        timer_stop(T_DFT);
        upc_barrier;
    }
    timer_stop(T_TOTAL);

    /* verification: X[k] = N at k = K0, 0 elsewhere */
    {
        double e = 0.0;
        upc_forall (k = 0; k < N; k++; &spectrum[k]) {
            double _Complex want = (k == K0) ? (double)N : 0.0;
            double d = cabs(spectrum[k].z - want) / N;
            long double dm = fabsl(spectrum[k].mag - ((k == K0) ? (long double)N : 0.0L));
            if (d > e) e = d;
            if ((double)dm / N > e) e = (double)dm / N;
        }
        maxerr[MYTHREAD] = e;
    }
    upc_all_reduceD(&worst, maxerr, UPC_MAX, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    verified = worst < EPSILON;

    if (MYTHREAD == 0) {
        printf(" peak at k = %d, |X| = %.6Lf\n", K0, spectrum[K0].mag / THREADS);
        t = timer_read(T_TOTAL);
        mops = t > 0 ? 8.0 * N * N * NITER / t * 1.0e-6 : 0.0;
        c_print_results("DFT", CLASS, NB, NITER, THREADS, t, mops, "floating point",
                        verified);
    }
    return verified ? 0 : 1;
}
