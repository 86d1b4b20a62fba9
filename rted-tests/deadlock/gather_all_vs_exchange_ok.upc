/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * static: yes
 */
/* Correct twin of gather_all_vs_exchange_err.upc: the flag is the same on every thread */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared [THREADS] int in[THREADS * THREADS];
shared [THREADS] int out[THREADS * THREADS];
shared int use_exchange[THREADS];

int main(void)
{
    int i;
    for (i = 0; i < THREADS; i++) in[MYTHREAD * THREADS + i] = MYTHREAD;
    use_exchange[MYTHREAD] = 0;
    upc_barrier;
    if (use_exchange[MYTHREAD])
        upc_all_exchange(out, in, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    else
        upc_all_gather_all(out, in, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("out[1] = %d\n", out[1]);
    return 0;
}
