/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4
 */
/* Error: the permutation entries are MYTHREAD + 1 without wrapping, so the last one is THREADS */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int perm[THREADS];
shared double a[THREADS];
shared double b[THREADS];

int main(void)
{
    perm[MYTHREAD] = MYTHREAD + 1;
    a[MYTHREAD] = MYTHREAD * 0.5;
    upc_barrier;
    upc_all_permute(b, a, perm, sizeof(double), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: b = %f\n", MYTHREAD, b[MYTHREAD]);
    return 0;
}
