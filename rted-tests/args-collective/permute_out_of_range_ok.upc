/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of permute_out_of_range_err.upc: the entries wrap around */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int perm[THREADS];
shared double a[THREADS];
shared double b[THREADS];

int main(void)
{
    perm[MYTHREAD] = (MYTHREAD + 1) % THREADS;
    a[MYTHREAD] = MYTHREAD * 0.5;
    upc_barrier;
    upc_all_permute(b, a, perm, sizeof(double), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: b = %f\n", MYTHREAD, b[MYTHREAD]);
    return 0;
}
