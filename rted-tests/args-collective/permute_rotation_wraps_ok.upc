/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the rotation wraps modulo THREADS */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define ROT(t, s) (((t) + (s)) % THREADS)
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
