/* upc-check-test
 * expect: single-valued-mismatch
 * line: 24
 * threads: 2 4
 */
/* Error: the last thread uses the reverse permutation table while the others use the rotation table */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int rotate[THREADS];
shared int reverse[THREADS];
shared int use_reverse[THREADS];
shared int a[THREADS];
shared int b[THREADS];

int main(void)
{
    rotate[MYTHREAD] = (MYTHREAD + 1) % THREADS;
    reverse[MYTHREAD] = THREADS - 1 - MYTHREAD;
    use_reverse[MYTHREAD] = (MYTHREAD == THREADS - 1);
    a[MYTHREAD] = MYTHREAD;
    upc_barrier;
    upc_all_permute(b, a, use_reverse[MYTHREAD] ? reverse : rotate, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: b = %d\n", MYTHREAD, b[MYTHREAD]);
    return 0;
}
