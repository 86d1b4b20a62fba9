/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of exit_in_function_err.upc: the helper reports the bad value and every thread goes on to the broadcast */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

shared int input[THREADS];
shared int seed;
shared int copies[THREADS];

void validate(int v)
{
    if (v < 0) {
        printf("thread %d: bad value %d\n", MYTHREAD, v);
        return;
    }
}

int main(void)
{
    input[MYTHREAD] = (MYTHREAD == 1) ? -5 : MYTHREAD;
    if (MYTHREAD == 0) seed = 99;
    upc_barrier;
    validate(input[MYTHREAD]);
    upc_all_broadcast(copies, &seed, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("copies[1] = %d\n", copies[1]);
    return 0;
}
