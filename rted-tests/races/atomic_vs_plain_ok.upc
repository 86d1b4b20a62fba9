/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of atomic_vs_plain_err.upc: thread 0 reads through the domain too */
#include <upc.h>
#include <upc_atomic.h>
#include <stdio.h>

shared long hits;

int main(void)
{
    upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_LONG, UPC_INC | UPC_GET, 0);
    long seen = 0;
    if (MYTHREAD != 0)
        upc_atomic_relaxed(d, NULL, UPC_INC, &hits, NULL, NULL);
    else
        upc_atomic_relaxed(d, &seen, UPC_GET, &hits, NULL, NULL);
    upc_barrier;
    if (MYTHREAD == 0) printf("%ld %ld\n", seen >= 0 ? 0L : 1L, hits);
    upc_all_atomicdomain_free(d);
    return 0;
}
