/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of atomic_counter_plain_read_err.upc: the peek is an atomic UPC_GET. */
#include <upc.h>
#include <upc_atomic.h>
#include <stdio.h>

shared int events;

int main(void)
{
    upc_atomicdomain_t *dom = upc_all_atomicdomain_alloc(UPC_INT, UPC_ADD | UPC_GET, 0);
    int one = 1, old, i, peek = 0;
    for (i = 0; i < 5; i++)
        upc_atomic_relaxed(dom, &old, UPC_ADD, &events, &one, NULL);
    if (MYTHREAD == THREADS - 1)
        upc_atomic_relaxed(dom, &peek, UPC_GET, &events, NULL, NULL);
    upc_barrier;
    if (MYTHREAD == 0) printf("%d %d\n", events, peek >= 0);
    upc_all_atomicdomain_free(dom);
    return 0;
}
