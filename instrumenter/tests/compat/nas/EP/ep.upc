/*--------------------------------------------------------------------
  NAS Parallel Benchmarks 2.4 -- EP Benchmark, UPC version (small classes)

  Generates pairs of uniform deviates with the NPB generator, keeps the
  pairs inside the unit circle, turns them into Gaussian deviates and
  counts them in square annuli. Threads take batches of the stream
  cyclically; the sums are combined with upc_all_reduceD and the annulus
  counts through a shared array under a lock.
--------------------------------------------------------------------*/
#include <upc_relaxed.h>
#include <upc_collective.h>
#include "npb-UPC.h"
#include "npbparams.h"

#define MK      10
#define MM      (M - MK)
#define NN      (1 << MM)
#define NK      (1 << MK)
#define NQ      10
#define EPSILON 1.0e-8
#define A       1220703125.0
#define S       271828183.0
#define TIMERS_ENABLED FALSE

/* reference sums (M = 16: class S, M = 18: class W) */
#define SX_16 7.772321454195506e+01
#define SY_16 2.790554015472260e+01
#define SX_18 1.873198969612174e+02
#define SY_18 -3.797408336054116e+02

static double x[2*NK+1];                 /* x[1..2*NK] are used */
static double q[NQ];

shared double sx_part[THREADS], sy_part[THREADS];
shared double sx_all, sy_all;
shared [] double q_all[NQ];
upc_lock_t *q_lock;

int main(int argc, char **argv)
{
    double Mops, t1, t2, t3, t4, x1, x2, sx, sy, tm, an, tt, gc;
    double dum[3] = { 1.0, 1.0, 1.0 };
    int np, i, ik, kk, l, k, nit, k_offset, j;
    boolean verified;
    char size[13+1];

    if (MYTHREAD == 0) {
        sprintf(size, "%12.0f", pow(2.0, M+1));
        for (j = 13; j >= 1; j--) {
            if (size[j] == '.') size[j] = ' ';
        }
        printf("\n\n NAS Parallel Benchmarks 2.4 UPC version - EP Benchmark\n");
        printf(" Number of random numbers generated: %13s\n", size);
        printf(" Number of active threads:           %13d\n", THREADS);
    }
    verified = FALSE;

    np = NN;

    /* Call the random number generator functions and initialize the
       x-array to reduce the effects of paging on the timings. Also,
       call all mathematical functions that are used. */
    vranlc(0, &(dum[0]), dum[1], &(dum[2]));
    dum[0] = randlc(&(dum[1]), dum[2]);
    for (i = 0; i <= 2*NK; i++) x[i] = -1.0e99;
    Mops = log(sqrt(fabs(max(1.0, 1.0))));

    q_lock = upc_all_lock_alloc();
    if (MYTHREAD == 0)
        for (i = 0; i < NQ; i++) q_all[i] = 0.0;
    upc_barrier;

    timer_clear(1);
    timer_clear(2);
    timer_clear(3);
    timer_start(1);

    /* Compute AN = A ^ (2 * NK) (mod 2^46). */
    t1 = A;
    for (i = 1; i <= MK+1; i++) {
        t2 = randlc(&t1, t1);
    }
    an = t1;
    tt = S;
    gc = 0.0;
    sx = 0.0;
    sy = 0.0;

    for (i = 0; i <= NQ - 1; i++) {
        q[i] = 0.0;
    }

    /* Each instance of this loop may be performed independently. We compute
       the k offsets separately to take into account the fact that some nodes
       have more numbers to generate than others. */
    k_offset = -1;

    for (k = MYTHREAD + 1; k <= np; k += THREADS) {
        kk = k_offset + k;
        t1 = S;
        t2 = an;

        /* Find starting seed t1 for this kk. */
        for (i = 1; i <= 100; i++) {
            ik = kk / 2;
            if (2 * ik != kk) t3 = randlc(&t1, t2);
            if (ik == 0) break;
            t3 = randlc(&t2, t2);
            kk = ik;
        }

        /* Compute uniform pseudorandom numbers. */
        vranlc(2*NK, &t1, A, x);

        /* Compute Gaussian deviates by acceptance-rejection method and
           tally counts in concentric square annuli. */
        for (i = 0; i < NK; i++) {
            x1 = 2.0 * x[2*i+1] - 1.0;
            x2 = 2.0 * x[2*i+2] - 1.0;
            t1 = pow2(x1) + pow2(x2);
            if (t1 <= 1.0) {
                t2 = sqrt(-2.0 * log(t1) / t1);
                t3 = (x1 * t2);
                t4 = (x2 * t2);
                l = max(fabs(t3), fabs(t4));
                q[l] += 1.0;
                sx = sx + t3;
                sy = sy + t4;
            }
        }
    }
    (void) t3;

    sx_part[MYTHREAD] = sx;
    sy_part[MYTHREAD] = sy;
    upc_all_reduceD(&sx_all, sx_part, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_reduceD(&sy_all, sy_part, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_lock(q_lock);
    for (i = 0; i <= NQ - 1; i++)
        q_all[i] += q[i];
    upc_unlock(q_lock);
    upc_barrier;

    timer_stop(1);
    tm = timer_read(1);

    if (MYTHREAD == 0) {
        double sx_verify_value, sy_verify_value, sx_err, sy_err;
        sx = sx_all;
        sy = sy_all;
        for (i = 0; i <= NQ - 1; i++)
            gc = gc + q_all[i];

        nit = 0;
        if (M == 16) {
            sx_verify_value = SX_16;
            sy_verify_value = SY_16;
            verified = TRUE;
        } else if (M == 18) {
            sx_verify_value = SX_18;
            sy_verify_value = SY_18;
            verified = TRUE;
        } else {
            sx_verify_value = sy_verify_value = 0.0;
        }
        if (verified) {
            sx_err = fabs((sx - sx_verify_value) / sx_verify_value);
            sy_err = fabs((sy - sy_verify_value) / sy_verify_value);
            verified = ((sx_err <= EPSILON) && (sy_err <= EPSILON));
        }
        Mops = pow(2.0, M+1) / tm / 1000000.0;

        printf("EP Benchmark Results: \n"
               "CPU Time = %10.4f\n"
               "N = 2^%5d\n"
               "No. Gaussian Pairs = %15.0f\n"
               "Sums = %25.15e %25.15e\n"
               "Counts:\n",
               tm, M, gc, sx, sy);
        for (i = 0; i <= NQ - 1; i++)
            printf("%3d %15.0f\n", i, q_all[i]);

        c_print_results("EP", CLASS, M+1, 0, 0, nit, NUM_PROCS,
                        tm, Mops,
                        "Random numbers generated",
                        verified, NPBVERSION, COMPILETIME,
                        CS1, CS2, CS3, CS4, CS5, CS6, CS7);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(q_lock);
    return 0;
}
