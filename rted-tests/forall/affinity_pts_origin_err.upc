/* upc-check-test
 * expect: forall-not-single-valued
 * line: 22 24
 * threads: 2 4 8
 */
/* Error: the affinity pointer starts one element further on the last thread, so that thread's
 * iterations are not the ones the others leave to it (a loop over a pointer-to-shared that
 * visits only each thread's own iterations) */
#include <upc.h>
#include <stdio.h>

#define N 8
shared double *data;

int main(void)
{
    long i;
    shared double *p;
    data = upc_all_alloc((N + 1) * THREADS, sizeof(double));
    p = data + (MYTHREAD == THREADS - 1);
    upc_barrier;
    upc_forall (i = 0; i < N * THREADS; i++; &p[i]) {
        p[i] = 2.0 * i;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("p[1] = %g\n", (double)data[1]);
    return 0;
}
