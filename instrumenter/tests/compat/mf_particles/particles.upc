#include "particles.h"

shared [NLOCAL] particle_t particles[NLOCAL*THREADS];
shared stats_t stats[THREADS];
shared stats_t global_stats;

void init_particles(void)
{
    int i;
    upc_forall (i = 0; i < NLOCAL*THREADS; i++; &particles[i]) {
        particles[i].id = i;
        particles[i].x = i;
        particles[i].v = (i % 2 ? 1.0 : -1.0) * (1 + i % 3);
    }
    upc_barrier;
}

void step(double dt)
{
    int i;
    upc_forall (i = 0; i < NLOCAL*THREADS; i++; &particles[i])
        particles[i].x += dt * particles[i].v;
    upc_barrier;
}

double particle_energy(shared [NLOCAL] particle_t *p)
{
    return 0.5 * p->v * p->v;
}

void local_stats(shared stats_t *out)
{
    int i;
    stats_t s = { 0.0, 0.0, 0 };
    upc_forall (i = 0; i < NLOCAL*THREADS; i++; &particles[i]) {
        s.kinetic += particle_energy(&particles[i]);
        s.momentum += particles[i].v;
        s.count++;
    }
    *out = s;
}

stats_t reduce_stats(void)
{
    stats_t r;
    int t;
    local_stats(&stats[MYTHREAD]);
    upc_barrier;
    if (MYTHREAD == 0) {
        stats_t g = { 0.0, 0.0, 0 };
        for (t = 0; t < THREADS; t++) {
            g.kinetic += stats[t].kinetic;
            g.momentum += stats[t].momentum;
            g.count += stats[t].count;
        }
        global_stats = g;
    }
    upc_barrier;
    r = global_stats;
    return r;
}
