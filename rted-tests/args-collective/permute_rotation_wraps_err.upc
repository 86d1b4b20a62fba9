/* upc-check-test
 * expect: invalid-argument
 * line: 19
 * threads: 2 3 4 8
 */
/* Error: a rotation permutation is computed as MYTHREAD + shift without wrapping around, so the last thread's entry is THREADS, out of range */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define ROT(t, s) ((t) + (s))
shared int perm[THREADS];
shared double x[THREADS], y[THREADS];

int main(void)
{
    perm[MYTHREAD] = ROT(MYTHREAD, 1);
    x[MYTHREAD] = MYTHREAD;
    upc_all_permute(y, x, perm, sizeof(double), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d got %g\n", MYTHREAD, y[MYTHREAD]);
    return 0;
}
