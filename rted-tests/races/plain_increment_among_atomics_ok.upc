/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of plain_increment_among_atomics_err.upc: every thread uses the domain */
#include <upc.h>
#include <upc_atomic.h>
#include <stdio.h>

shared int ticket;

int main(void)
{
    upc_atomicdomain_t *dom = upc_all_atomicdomain_alloc(UPC_INT, UPC_ADD, 0);
    int one = 1;
    upc_atomic_strict(dom, NULL, UPC_ADD, &ticket, &one, NULL);
    upc_barrier;
    if (MYTHREAD == 0) printf("%d\n", ticket);
    upc_all_atomicdomain_free(dom);
    return 0;
}
