/* upc-check-test
 * expect: data-race
 * line: 25 28
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: mysync_unrelated_data_err.upc:25 and mysync_unrelated_data_err.upc:28
 */
/* A collective with UPC_IN_MYSYNC | UPC_OUT_MYSYNC does not synchronize the threads
   beyond its own data: thread 0 writes a shared status word before it, thread 1 reads it
   after it. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int status;
shared [4] int vec[4 * THREADS];
shared [64] int all[64 * THREADS];

int main(void)
{
    int k, s = 0;
    for (k = 0; k < 4; k++) vec[MYTHREAD * 4 + k] = k;
    upc_barrier;
    if (MYTHREAD == 0)
        status = 7;
    upc_all_gather_all(all, vec, 4 * sizeof(int), UPC_IN_MYSYNC | UPC_OUT_MYSYNC);
    if (MYTHREAD == 1)
        s = status;
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, s);
    return 0;
}
