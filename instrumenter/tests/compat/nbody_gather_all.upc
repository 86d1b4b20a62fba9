/* nbody_gather_all.upc -- direct-sum N-body: every thread advances its own
 * bodies, and upc_all_gather_all gives every thread a copy of all positions
 * for the next force computation. 840 bodies divide evenly among 1..8 threads,
 * and each force is summed in body order, so the result does not depend on THREADS. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <math.h>

#define NB 840
#define STEPS 3
#define DT 0.01
#define EPS2 0.01

typedef struct { double x, y, z, m; } body_t;

/* one block of NB bodies per thread: the gather's destination on each thread,
 * and (its first NB/THREADS entries) the thread's own bodies */
shared [NB] body_t all[NB * THREADS];
shared [NB] body_t own[NB * THREADS];
shared double *kb; /* NB energies, cyclic, from upc_all_alloc */

int main(void)
{
    int per = NB / THREADS, first = MYTHREAD * per, i, j, s;
    body_t *mine = (body_t *)&own[MYTHREAD * NB];
    body_t *every = (body_t *)&all[MYTHREAD * NB];
    static double vx[NB], vy[NB], vz[NB];

    kb = (shared double *)upc_all_alloc(NB, sizeof(double));
    if (NB % THREADS != 0) {
        if (MYTHREAD == 0) printf("THREADS must divide %d\n", NB);
        return 1;
    }
    for (i = 0; i < per; i++) {
        int g = first + i;
        mine[i].x = cos(g * 0.37) * (1 + g % 13);
        mine[i].y = sin(g * 0.37) * (1 + g % 13);
        mine[i].z = (g % 17) * 0.1 - 0.8;
        mine[i].m = 1.0 + (g % 3);
        vx[i] = vy[i] = vz[i] = 0;
    }
    for (s = 0; s < STEPS; s++) {
        upc_all_gather_all(all, own, per * sizeof(body_t), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        for (i = 0; i < per; i++) {
            double ax = 0, ay = 0, az = 0;
            body_t b = every[first + i];
            for (j = 0; j < NB; j++) {
                double dx = every[j].x - b.x, dy = every[j].y - b.y, dz = every[j].z - b.z;
                double r2 = dx * dx + dy * dy + dz * dz + EPS2;
                double inv = every[j].m / (r2 * sqrt(r2));
                ax += dx * inv; ay += dy * inv; az += dz * inv;
            }
            vx[i] += DT * ax; vy[i] += DT * ay; vz[i] += DT * az;
        }
        upc_barrier; /* nobody changes a position still being gathered */
        for (i = 0; i < per; i++) {
            mine[i].x += DT * vx[i];
            mine[i].y += DT * vy[i];
            mine[i].z += DT * vz[i];
        }
    }
    for (i = 0; i < per; i++)
        kb[first + i] = 0.5 * mine[i].m * (vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
    upc_all_gather_all(all, own, per * sizeof(body_t), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) {
        /* sums in body order, not thread order */
        double ke = 0, cx = 0;
        for (i = 0; i < NB; i++) {
            cx += every[i].m * every[i].x;
            ke += kb[i];
        }
        printf("bodies=%d steps=%d\n", NB, STEPS);
        printf("center of mass x = %.9f\n", cx / (NB * 2.0));
        printf("kinetic energy = %.6e\n", ke);
    }
    return 0;
}
