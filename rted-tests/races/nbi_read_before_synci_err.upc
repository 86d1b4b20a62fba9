/* upc-check-test
 * expect: data-race
 * line: 19 20
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: nbi_read_before_synci_err.upc:19 and nbi_read_before_synci_err.upc:20
 */
/* The target of an implicit-handle put is read before upc_synci */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

shared int slot[THREADS];

int main(void)
{
    int v = MYTHREAD + 100, back = 0;
    int peer = (MYTHREAD + 1) % THREADS;
    upc_memput_nbi(&slot[peer], &v, sizeof v);
    back = slot[peer];
    upc_synci();
    upc_barrier;
    printf("%d\n", back >= 0);
    return 0;
}
