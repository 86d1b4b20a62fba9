/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of flags_unknown_bit_err.upc: the configuration holds a valid flags value */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int cfg_flags;
shared int src;
shared int dst[THREADS];

int main(void)
{
    if (MYTHREAD == 0) { cfg_flags = UPC_OUT_ALLSYNC | UPC_IN_ALLSYNC; src = 3; }
    upc_barrier;
    upc_all_broadcast(dst, &src, sizeof(int), (upc_flag_t) cfg_flags);
    printf("thread %d: %d\n", MYTHREAD, dst[MYTHREAD]);
    return 0;
}
