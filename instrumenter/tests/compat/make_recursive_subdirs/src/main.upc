/* main.upc -- drives the halo library: a row of NLOC*THREADS points that
 * starts as a hat and a spike, relaxed by Jacobi steps */
#include <stdio.h>
#include <math.h>
#include "halo.h"

static double spike(int g) { return g == 2 ? 64.0 : 1.0; }

int main(void)
{
    int step;
    double s0, s1;

    field_init(spike);
    s0 = field_sum();
    upc_barrier;
    halo_step();
    upc_barrier;
    s1 = field_sum();
    upc_barrier;

    if (MYTHREAD == 0) {
        /* after one step, point g holds the mean of g-1 and g+1 (0 beyond the ends),
         * so the sum loses half of each end point: 1 */
        printf("block size %d, local size %d\n", (int)upc_blocksizeof(field),
               (int)(upc_localsizeof(field) / sizeof(double)));
        printf("initial sum - points = %.1f\n", s0 - NLOC * THREADS);
        printf("after one step: sum - points = %.1f\n", s1 - NLOC * THREADS);
        printf("point 1 = %.1f, point 3 = %.1f, point 2 = %.1f\n", field[2], field[4],
               field[3]);
    }
    for (step = 0; step < 200; step++)
        halo_step();
    upc_barrier;
    if (MYTHREAD == 0)
        printf("after 201 steps the row decays: %s\n",
               field_sum() < s1 ? "yes" : "no");
    return 0;
}
