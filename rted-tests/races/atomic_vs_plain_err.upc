/* upc-check-test
 * expect: data-race
 * line: 20 22
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: atomic_vs_plain_err.upc:20 and atomic_vs_plain_err.upc:22
 */
/* Threads increment the counter atomically while thread 0 also reads it with a plain access */
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
        seen = hits;
    upc_barrier;
    if (MYTHREAD == 0) printf("%ld %ld\n", seen >= 0 ? 0L : 1L, hits);
    upc_all_atomicdomain_free(d);
    return 0;
}
