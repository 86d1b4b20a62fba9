/* upc-check-test
 * expect: data-race
 * line: 17 19
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: memset_vs_write_err.upc:17 and memset_vs_write_err.upc:19
 */
/* Thread 0 clears a block with upc_memset while its owner writes one element */
#include <upc.h>
#include <stdio.h>

shared [4] char bytes[4 * THREADS];

int main(void)
{
    if (MYTHREAD == 0)
        upc_memset(&bytes[4], 0, 4);
    if (MYTHREAD == 1)
        bytes[6] = 'x';
    upc_barrier;
    return 0;
}
