/* upc-check-test
 * expect: data-race
 * line: 25 27
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: forall_affinity_mix_err.upc:25 and forall_affinity_mix_err.upc:27
 */
/* Two upc_forall loops over a blocked array with different affinity expressions: the first
   distributes by &b[i] (the owner), the second by the integer i (round robin), so from the
   second loop on a thread writes elements another thread still reads in the first. */
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
    upc_forall (i = 0; i < N * THREADS; i++; i)
        b[i] = 0;
    out[MYTHREAD] = s;
    upc_barrier;
    if (MYTHREAD == 0) printf("%d\n", out[0]);
    return 0;
}
