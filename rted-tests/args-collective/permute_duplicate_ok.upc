/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of permute_duplicate_err.upc: the entries form a rotation */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int perm[THREADS];
shared int a[THREADS];
shared int b[THREADS];

int main(void)
{
    perm[MYTHREAD] = (MYTHREAD + 1) % THREADS;
    a[MYTHREAD] = MYTHREAD;
    upc_barrier;
    upc_all_permute(b, a, perm, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: b = %d\n", MYTHREAD, b[MYTHREAD]);
    return 0;
}
