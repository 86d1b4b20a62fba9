/* upc-check-test
 * expect: invalid-argument
 * line: 19
 * threads: 2 4
 */
/* Error: a flags value read from shared configuration has a bit set (64) that is not a synchronization flag */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int cfg_flags;
shared int src;
shared int dst[THREADS];

int main(void)
{
    if (MYTHREAD == 0) { cfg_flags = 64 | UPC_IN_ALLSYNC; src = 3; }
    upc_barrier;
    upc_all_broadcast(dst, &src, sizeof(int), (upc_flag_t) cfg_flags);
    printf("thread %d: %d\n", MYTHREAD, dst[MYTHREAD]);
    return 0;
}
