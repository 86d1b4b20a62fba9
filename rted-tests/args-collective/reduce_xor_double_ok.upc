/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of reduce_xor_double_err.upc: the checksum reduces the values as unsigned long */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared double dv[THREADS];
shared double dsum;
shared unsigned long uv[THREADS];
shared unsigned long usum;

int main(void)
{
    dv[MYTHREAD] = MYTHREAD + 0.25;
    uv[MYTHREAD] = 1UL << MYTHREAD;
    upc_barrier;
    upc_all_reduceUL(&usum, uv, UPC_XOR, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("checksum = %f %lu\n", dsum, usum);
    return 0;
}
