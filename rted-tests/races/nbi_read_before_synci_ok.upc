/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of nbi_read_before_synci_err.upc: upc_synci, then the read */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

shared int slot[THREADS];

int main(void)
{
    int v = MYTHREAD + 100, back = 0;
    int peer = (MYTHREAD + 1) % THREADS;
    upc_memput_nbi(&slot[peer], &v, sizeof v);
    upc_synci();
    back = slot[peer];
    upc_barrier;
    printf("%d\n", back);
    return 0;
}
