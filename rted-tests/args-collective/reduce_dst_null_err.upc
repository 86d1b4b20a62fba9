/* upc-check-test
 * expect: invalid-argument
 * line: 21
 * threads: 2 4
 */
/* Error: the result pointer is only allocated when the verbose flag is set, so upc_all_reduceF gets a null destination */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared float v[THREADS];
shared float *shared result;
shared int verbose;

int main(void)
{
    v[MYTHREAD] = 0.5f * MYTHREAD;
    if (MYTHREAD == 0 && verbose)
        result = (shared float *) upc_alloc(sizeof(float));
    upc_barrier;
    upc_all_reduceF(result, v, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("sum = %f\n", *result);
    return 0;
}
