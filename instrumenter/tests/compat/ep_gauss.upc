/*
 * ep_gauss.upc -- the NAS EP kernel in miniature: pairs of uniform random numbers
 * from the NPB linear congruential generator (randlc/vranlc, a = 5^13, mod 2^46)
 * are turned into Gaussian deviates by the Marsaglia polar method and counted in
 * square annuli.  Each thread takes a contiguous part of the stream, jumping ahead
 * with randlc; the totals are accumulated in shared variables under a lock.
 * Thread 0 recomputes everything serially to verify.
 */
#include <upc_relaxed.h>
#include <stdio.h>
#include <math.h>

#define MK      10
#define MM      4
#define NN      (1 << MM)               /* batches */
#define NK      (1 << MK)               /* pairs per batch */
#define NQ      10
#define EPSILON 1.0e-8
#define A       1220703125.0
#define S       271828183.0

shared double sx, sy;
shared double q[NQ*THREADS];            /* only q[0..NQ-1] are used */
upc_lock_t *lk;

double randlc(double *x, double a)
{
    const double r23 = 1.1920928955078125e-07, r46 = r23 * r23,
                 t23 = 8.388608e+06, t46 = t23 * t23;
    double t1, t2, t3, t4, a1, a2, x1, x2, z;

    t1 = r23 * a;
    a1 = (int) t1;
    a2 = a - t23 * a1;
    t1 = r23 * (*x);
    x1 = (int) t1;
    x2 = *x - t23 * x1;
    t1 = a1 * x2 + a2 * x1;
    t2 = (int) (r23 * t1);
    z = t1 - t23 * t2;
    t3 = t23 * z + a2 * x2;
    t4 = (int) (r46 * t3);
    *x = t3 - t46 * t4;
    return r46 * (*x);
}

void vranlc(int n, double *x, double a, double y[])
{
    int i;
    for (i = 1; i <= n; i++)
        y[i] = randlc(x, a);
}

/* one batch k of the stream: counts and sums */
static void batch(int k, double qq[NQ], double *psx, double *psy)
{
    double x[2*NK + 1];
    double t1, t2, t3, t4, x1, x2, an = A;
    int i, kk, ik, l;

    /* an = A^(2*NK) (jump of one batch) */
    t1 = A;
    for (i = 0; i < MK + 1; i++)
        t2 = randlc(&t1, t1);
    an = t1;
    t1 = S;
    t2 = an;
    kk = k;
    for (i = 1; i <= 100; i++) {
        ik = kk / 2;
        if (2 * ik != kk)
            t3 = randlc(&t1, t2);
        if (ik == 0)
            break;
        t3 = randlc(&t2, t2);
        kk = ik;
    }
    (void) t3;
    vranlc(2 * NK, &t1, A, x);
    for (i = 0; i < NK; i++) {
        x1 = 2.0 * x[2*i + 1] - 1.0;
        x2 = 2.0 * x[2*i + 2] - 1.0;
        t1 = x1 * x1 + x2 * x2;
        if (t1 <= 1.0) {
            t2 = sqrt(-2.0 * log(t1) / t1);
            t3 = x1 * t2;
            t4 = x2 * t2;
            l = (int) fmax(fabs(t3), fabs(t4));
            qq[l] += 1.0;
            *psx += t3;
            *psy += t4;
        }
    }
}

int main(void)
{
    double qq[NQ] = {0}, lsx = 0.0, lsy = 0.0;
    int k, i;

    lk = upc_all_lock_alloc();
    if (MYTHREAD == 0) {
        sx = sy = 0.0;
        for (i = 0; i < NQ; i++)
            q[i] = 0.0;
    }
    upc_barrier;

    for (k = MYTHREAD; k < NN; k += THREADS)
        batch(k, qq, &lsx, &lsy);

    upc_lock(lk);
    sx += lsx;
    sy += lsy;
    for (i = 0; i < NQ; i++)
        q[i] += qq[i];
    upc_unlock(lk);
    upc_barrier;

    if (MYTHREAD == 0) {
        double rq[NQ] = {0}, rsx = 0.0, rsy = 0.0, gc = 0.0;
        int ok = 1;
        for (k = 0; k < NN; k++)
            batch(k, rq, &rsx, &rsy);
        for (i = 0; i < NQ; i++) {
            gc += q[i];
            if (q[i] != rq[i])
                ok = 0;
        }
        if (fabs((sx - rsx) / rsx) > EPSILON || fabs((sy - rsy) / rsy) > EPSILON)
            ok = 0;
        printf(" EP Benchmark Results:\n");
        printf(" Number of random numbers generated: %d\n", 2 * NK * NN);
        printf(" Gaussian pairs counted: %s\n", gc > 0.7 * NK * NN ? "plausible" : "too few");
        printf(" Verification    =               %s\n", ok ? "SUCCESSFUL" : "UNSUCCESSFUL");
    }
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(lk);
    return 0;
}
