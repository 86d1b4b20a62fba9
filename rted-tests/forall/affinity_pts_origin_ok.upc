/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of affinity_pts_origin_err.upc: every thread's pointer starts at the same
 * element (one element in) */
#include <upc.h>
#include <stdio.h>

#define N 8
shared double *data;

int main(void)
{
    long i;
    shared double *p;
    data = upc_all_alloc((N + 1) * THREADS, sizeof(double));
    p = data + 1;
    upc_barrier;
    upc_forall (i = 0; i < N * THREADS; i++; &p[i]) {
        p[i] = 2.0 * i;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("p[1] = %g\n", (double)data[2]);
    return 0;
}
