/* 1-D heat equation, explicit Jacobi steps, on a blocked shared array.
   Neighbour values at block boundaries are read directly from the other threads. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <math.h>

#define BLK    32
#define N      (BLK*THREADS)
#define STEPS  50
#define ALPHA  0.25

shared [BLK] double u[BLK*THREADS];
shared [BLK] double unew[BLK*THREADS];
shared double diffs[THREADS];

int main(void)
{
    int i, s;
    double d, maxd;

    upc_forall (i = 0; i < N; i++; &u[i])
        u[i] = (i == N / 2) ? 100.0 : 0.0;
    upc_barrier;

    for (s = 0; s < STEPS; s++) {
        upc_forall (i = 0; i < N; i++; &unew[i]) {
            double left = i > 0 ? u[i - 1] : 0.0;       /* fixed zero boundaries */
            double right = i < N - 1 ? u[i + 1] : 0.0;
            unew[i] = u[i] + ALPHA * (left - 2.0 * u[i] + right);
        }
        upc_barrier;
        upc_forall (i = 0; i < N; i++; &u[i])
            u[i] = unew[i];
        upc_barrier;
    }

    /* compare with a serial run */
    if (MYTHREAD == 0) {
        double a[BLK * 8 + 2], b[BLK * 8 + 2], total = 0.0, stotal = 0.0;
        for (i = 0; i < N; i++)
            a[i] = (i == N / 2) ? 100.0 : 0.0;
        for (s = 0; s < STEPS; s++) {
            for (i = 0; i < N; i++)
                b[i] = a[i] + ALPHA * ((i > 0 ? a[i-1] : 0.0) - 2.0 * a[i] + (i < N-1 ? a[i+1] : 0.0));
            for (i = 0; i < N; i++)
                a[i] = b[i];
        }
        maxd = 0.0;
        for (i = 0; i < N; i++) {
            d = fabs(u[i] - a[i]);
            if (d > maxd)
                maxd = d;
            total += u[i];
            stotal += a[i];
        }
        printf("total heat matches serial run: %s\n", fabs(total - stotal) < 1e-9 ? "yes" : "no");
        printf("max deviation from serial: %s\n", maxd < 1e-12 ? "below 1e-12" : "LARGE");
    }
    (void) diffs;
    return 0;
}
