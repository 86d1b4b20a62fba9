#include "halo.h"

/* fetch the neighbours' edge points into my ghost cells with non-blocking gets;
 * the ends of the global row are fixed at zero */
void halo_exchange(shared [NLOC + 2] double *u)
{
    int me = MYTHREAD, row = NLOC + 2;
    upc_handle_t h[2];
    int nh = 0;
    double *mine = (double *)&u[me * row];
    upc_barrier;
    if (me > 0)
        h[nh++] = upc_memget_nb(&mine[0], &u[(me - 1) * row + NLOC], sizeof(double));
    if (me < THREADS - 1)
        h[nh++] = upc_memget_nb(&mine[NLOC + 1], &u[(me + 1) * row + 1], sizeof(double));
    while (nh > 0)
        upc_sync(h[--nh]);
    upc_barrier;
}

/* one Jacobi step of u'' = 0: next = mean of the neighbours, then copy back */
void halo_step(void)
{
    int i, me = MYTHREAD, row = NLOC + 2;
    double *u = (double *)&field[me * row];
    double *v = (double *)&next[me * row];
    halo_exchange(field);
    for (i = 1; i <= NLOC; i++)
        v[i] = 0.5 * (u[i - 1] + u[i + 1]);
    upc_barrier;
    for (i = 1; i <= NLOC; i++)
        u[i] = v[i];
}
