/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of memset_vs_write_err.upc: the owner writes after the barrier */
#include <upc.h>
#include <stdio.h>

shared [4] char bytes[4 * THREADS];

int main(void)
{
    if (MYTHREAD == 0)
        upc_memset(&bytes[4], 0, 4);
    upc_barrier;
    if (MYTHREAD == 1)
        bytes[6] = 'x';
    upc_barrier;
    if (MYTHREAD == 0) printf("%c\n", bytes[6]);
    return 0;
}
