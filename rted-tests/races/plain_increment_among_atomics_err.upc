/* upc-check-test
 * expect: data-race
 * line: 20 22
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: plain_increment_among_atomics_err.upc:20 and plain_increment_among_atomics_err.upc:22
 */
/* One thread bumps the counter with ++ while the others use the atomic domain */
#include <upc.h>
#include <upc_atomic.h>
#include <stdio.h>

shared int ticket;

int main(void)
{
    upc_atomicdomain_t *dom = upc_all_atomicdomain_alloc(UPC_INT, UPC_ADD, 0);
    int one = 1;
    if (MYTHREAD == THREADS - 1)
        ticket++;
    else
        upc_atomic_strict(dom, NULL, UPC_ADD, &ticket, &one, NULL);
    upc_barrier;
    if (MYTHREAD == 0) printf("%d\n", ticket);
    upc_all_atomicdomain_free(dom);
    return 0;
}
