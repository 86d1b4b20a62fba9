/* upc-check-test
 * expect: collective-mismatch
 * line: 21 22
 * threads: 2 4 8
 */
/* Error: threads whose permutation entry is odd skip upc_all_permute and go straight to the barrier */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int perm[THREADS];
shared int a[THREADS];
shared int b[THREADS];

int main(void)
{
    perm[MYTHREAD] = (MYTHREAD + 1) % THREADS;
    a[MYTHREAD] = 10 * MYTHREAD;
    upc_barrier;
    if (perm[MYTHREAD] % 2 == 0)
        upc_all_permute(b, a, perm, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_barrier;
    if (MYTHREAD == 0) printf("b[1] = %d\n", b[1]);
    return 0;
}
