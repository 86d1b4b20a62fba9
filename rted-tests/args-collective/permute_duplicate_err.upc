/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4
 */
/* Error: the last thread's permutation entry is 1 instead of 0, so 1 appears twice and 0 never */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int perm[THREADS];
shared int a[THREADS];
shared int b[THREADS];

int main(void)
{
    perm[MYTHREAD] = (MYTHREAD == THREADS - 1) ? 1 : (MYTHREAD + 1) % THREADS;
    a[MYTHREAD] = MYTHREAD;
    upc_barrier;
    upc_all_permute(b, a, perm, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: b = %d\n", MYTHREAD, b[MYTHREAD]);
    return 0;
}
