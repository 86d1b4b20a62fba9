/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of permute_perm_affinity_err.upc: the second half starts at index THREADS, on thread 0 */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int perms[3 * THREADS];
shared int start;
shared int a[THREADS];
shared int b[THREADS];

int main(void)
{
    perms[MYTHREAD] = MYTHREAD;
    perms[THREADS + MYTHREAD] = THREADS - 1 - MYTHREAD;
    perms[2 * THREADS + MYTHREAD] = MYTHREAD;
    a[MYTHREAD] = MYTHREAD;
    if (MYTHREAD == 0) start = THREADS;
    upc_barrier;
    upc_all_permute(b, a, &perms[start], sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: b = %d\n", MYTHREAD, b[MYTHREAD]);
    return 0;
}
