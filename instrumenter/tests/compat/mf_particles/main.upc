#include <stdio.h>
#include <math.h>
#include "particles.h"

int main(void)
{
    stats_t before, after;
    double ke = 0.0, mom = 0.0;
    int i, s;

    init_particles();
    before = reduce_stats();
    for (s = 0; s < 10; s++)
        step(0.1);
    after = reduce_stats();

    for (i = 0; i < NLOCAL*THREADS; i++) {
        double v = (i % 2 ? 1.0 : -1.0) * (1 + i % 3);
        ke += 0.5 * v * v;
        mom += v;
    }
    if (MYTHREAD == 0) {
        printf("particles: %d per thread\n", after.count / THREADS);
        printf("energy conserved: %s\n", fabs(after.kinetic - before.kinetic) < 1e-12
               && fabs(after.kinetic - ke) < 1e-9 ? "yes" : "no");
        printf("momentum conserved: %s\n", fabs(after.momentum - mom) < 1e-9 ? "yes" : "no");
        printf("last particle moved to %.2f\n", particles[NLOCAL*THREADS - 1].x - (NLOCAL*THREADS - 1));
    }
    return 0;
}
