/* upc-check-test
 * expect: data-race
 * line: 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: forall_pointer_shift_err.upc:23 and forall_pointer_shift_err.upc:23
 */
/* A upc_forall over a pointer-to-shared writes p[i] and reads p[i+1] of another thread */
#include <upc.h>
#include <stdio.h>

#define B 4
shared [B] float f[B * 4 * THREADS];

int main(void)
{
    shared [B] float *p = f;
    int i, n = B * 4 * THREADS;
    upc_forall (i = 0; i < n; i++; &p[i])
        p[i] = 1.0f;
    upc_barrier;
    upc_forall (i = 0; i < n - B; i++; &p[i])
        p[i] = p[i + B] * 2.0f;
    upc_barrier;
    if (MYTHREAD == 0) printf("%g\n", p[0]);
    return 0;
}
