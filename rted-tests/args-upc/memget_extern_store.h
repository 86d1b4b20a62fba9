/* memget_extern_store.h: the particle store shared by the solver's files */
#ifndef PARTICLES_H
#define PARTICLES_H
#ifndef NPART
#define NPART 16
#endif
typedef struct particle {
    float pos[3];
    float vel[3];
    int cell;
} particle_t;
extern shared [NPART] particle_t store[NPART * THREADS];
#endif
