/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of forall_pointer_shift_err.upc: values read in one loop, written in the next, a barrier between */
#include <upc.h>
#include <stdio.h>

#define B 4
shared [B] float f[B * 4 * THREADS];
shared [B] float g[B * 4 * THREADS];

int main(void)
{
    shared [B] float *p = f;
    shared [B] float *q = g;
    int i, n = B * 4 * THREADS;
    upc_forall (i = 0; i < n; i++; &p[i])
        p[i] = 1.0f;
    upc_barrier;
    upc_forall (i = 0; i < n - B; i++; &q[i])
        q[i] = p[i + B] * 2.0f;
    upc_barrier;
    upc_forall (i = 0; i < n - B; i++; &p[i])
        p[i] = q[i];
    upc_barrier;
    if (MYTHREAD == 0) printf("%g\n", p[0]);
    return 0;
}
