/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of forall_affinity_mix_err.upc: a barrier between the loops; the integer affinity
   loop also checks the pointer affinity form with continue. */
#include <upc.h>
#include <stdio.h>

#define N 8
shared [2] int b[N * THREADS];
shared int out[THREADS];

int main(void)
{
    int i, s = 0;
    upc_forall (i = 0; i < N * THREADS; i++; &b[i])
        b[i] = i;
    upc_barrier;
    upc_forall (i = 0; i < N * THREADS; i++; &b[i])
        s += b[i];
    upc_barrier;
    upc_forall (i = 0; i < N * THREADS; i++; i)
        b[i] = 0;
    upc_forall (i = 0; i < THREADS; i++; continue)
        s += 0;
    out[MYTHREAD] = s;
    upc_barrier;
    if (MYTHREAD == 0) printf("%d\n", out[0]);
    return 0;
}
