#ifndef HALO_H
#define HALO_H
#include <upc.h>
#include <upc_nb.h>

#define NLOC 6                          /* interior points per thread */

/* one row of NLOC+2 points per thread: [*] gives each thread one block */
extern shared [*] double field[(NLOC + 2) * THREADS];
extern shared [*] double next[(NLOC + 2) * THREADS];

void field_init(double (*f)(int));
double field_sum(void);
void halo_exchange(shared [NLOC + 2] double *u);
void halo_step(void);
#endif
