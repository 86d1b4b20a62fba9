#ifndef HALO_LIB_BARRIER_H
#define HALO_LIB_BARRIER_H
#define HALO_N 8
extern shared [HALO_N] double field[HALO_N * THREADS];
extern shared double ghost[THREADS];
void halo_exchange(void);
#endif
