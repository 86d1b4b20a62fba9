/* upc-check-test
 * expect: data-race
 * line: 22 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: particle_members_err.upc:22 and particle_members_err.upc:23
 */
/* Array of particle structures: every thread moves its own particle and reads its
   neighbour's position, which the neighbour is moving. */
#include <upc.h>
#include <stdio.h>

typedef struct { double x, y; double vx, vy; int id; } particle_t;
shared particle_t p[THREADS];

int main(void)
{
    int me = MYTHREAD, nb = (MYTHREAD + 1) % THREADS;
    double dx;
    p[me].x = me; p[me].y = 0; p[me].vx = 1; p[me].vy = 2; p[me].id = me;
    upc_barrier;
    p[me].x += p[me].vx;
    dx = p[nb].x - p[me].x;
    upc_barrier;
    printf("%d: %g\n", me, dx);
    return 0;
}
