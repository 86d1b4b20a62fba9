#ifndef PARTICLES_H
#define PARTICLES_H

#include <upc.h>

#define NLOCAL 6

typedef struct {
    double x, v;
    int    id;
} particle_t;

typedef struct {
    double kinetic;
    double momentum;
    int    count;
} stats_t;

extern shared [NLOCAL] particle_t particles[NLOCAL*THREADS];
extern shared stats_t stats[THREADS];
extern shared stats_t global_stats;

void init_particles(void);
void step(double dt);
void local_stats(shared stats_t *out);
stats_t reduce_stats(void);
double particle_energy(shared [NLOCAL] particle_t *p);

#endif
