/* upc-check-test
 * expect: finished-while-waiting
 * line: 20 30
 * threads: 2 4 8
 */
/* Error: a thread that finds a bad value calls exit() inside a helper while the others wait at upc_all_broadcast */
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
        exit(0);
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
