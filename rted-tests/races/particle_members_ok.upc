/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of particle_members_err.upc: the neighbour's velocity (never written after the
   barrier) is read, not its position: members of one structure are distinct locations. */
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
    dx = p[nb].vx + p[nb].vy + p[nb].id - p[me].x;
    upc_barrier;
    printf("%d: %g\n", me, dx);
    return 0;
}
