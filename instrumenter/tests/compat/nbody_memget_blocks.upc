/*
 * One-dimensional decomposition of a direct N-body code: N bodies in blocks
 * of ceil(N / THREADS) from upc_all_alloc; every step each thread fetches
 * every block (its own too) with upc_memget into a private copy of all the
 * positions, computes the accelerations of its own bodies in body order, and
 * updates them in place through a pointer-to-local.  The force on a body is
 * summed in the same order whatever the thread count, so the energies
 * printed do not depend on it.
 */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define N 40
#define STEPS 6
#define DT 0.01
#define EPS2 1e-4

typedef struct {
    double x, y, z, m;
} pos_t;

typedef struct {
    double vx, vy, vz;
} vel_t;

shared pos_t *pos;          /* blocks of blk bodies, one per thread */
shared double ke[THREADS], pe[THREADS];

int main(void)
{
    int blk = (N + THREADS - 1) / THREADS;
    int lo = MYTHREAD * blk, hi = lo + blk > N ? N : lo + blk;
    int i, j, t, s;
    pos_t *mine, all[N + 64];
    vel_t vel[N];
    double ax[N], ay[N], az[N];

    pos = (shared pos_t *)upc_all_alloc(THREADS, blk * sizeof(pos_t));
    mine = (pos_t *)(pos + MYTHREAD);
    for (i = lo; i < hi; i++) {
        double a = 0.7 * i, r = 1.0 + 0.05 * (i % 7);
        mine[i - lo].x = r * cos(a);
        mine[i - lo].y = r * sin(a);
        mine[i - lo].z = 0.1 * ((i % 5) - 2);
        mine[i - lo].m = 1.0 / N;
        vel[i].vx = -0.3 * sin(a);
        vel[i].vy = 0.3 * cos(a);
        vel[i].vz = 0;
    }
    upc_barrier;

    for (s = 0; s <= STEPS; s++) {
        /* everybody's bodies, block by block */
        for (t = 0; t < THREADS; t++) {
            int tlo = t * blk, thi = tlo + blk > N ? N : tlo + blk;
            if (thi > tlo)
                upc_memget(&all[tlo], pos + t, (thi - tlo) * sizeof(pos_t));
        }
        upc_barrier;            /* all reads of this step are done */

        for (i = lo; i < hi; i++) {
            ax[i] = ay[i] = az[i] = 0;
            for (j = 0; j < N; j++) {
                double dx = all[j].x - all[i].x, dy = all[j].y - all[i].y;
                double dz = all[j].z - all[i].z;
                double r2 = dx * dx + dy * dy + dz * dz + EPS2, inv = 1.0 / (r2 * sqrt(r2));
                if (j == i)
                    continue;
                ax[i] += all[j].m * dx * inv;
                ay[i] += all[j].m * dy * inv;
                az[i] += all[j].m * dz * inv;
            }
        }
        if (s == STEPS) {
            double k = 0, p = 0;
            for (i = lo; i < hi; i++) {
                k += 0.5 * all[i].m * (vel[i].vx * vel[i].vx + vel[i].vy * vel[i].vy +
                                       vel[i].vz * vel[i].vz);
                for (j = 0; j < N; j++)
                    if (j != i) {
                        double dx = all[j].x - all[i].x, dy = all[j].y - all[i].y;
                        double dz = all[j].z - all[i].z;
                        p -= 0.5 * all[i].m * all[j].m / sqrt(dx * dx + dy * dy + dz * dz + EPS2);
                    }
            }
            ke[MYTHREAD] = k;
            pe[MYTHREAD] = p;
            break;
        }
        for (i = lo; i < hi; i++) {
            vel[i].vx += DT * ax[i];
            vel[i].vy += DT * ay[i];
            vel[i].vz += DT * az[i];
            mine[i - lo].x += DT * vel[i].vx;
            mine[i - lo].y += DT * vel[i].vy;
            mine[i - lo].z += DT * vel[i].vz;
        }
        upc_barrier;
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        double k = 0, p = 0;
        for (t = 0; t < THREADS; t++) {
            k += ke[t];
            p += pe[t];
        }
        /* (the per-thread partial sums depend on the split: round the totals) */
        printf("bodies %d steps %d\n", N, STEPS);
        printf("kinetic %.8f\n", k);
        printf("potential %.8f\n", p);
        printf("body 7 at %.10f %.10f %.10f\n", all[7].x, all[7].y, all[7].z);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(pos);
    return 0;
}
