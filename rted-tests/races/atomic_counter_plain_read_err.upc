/* upc-check-test
 * expect: data-race
 * line: 21 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: atomic_counter_plain_read_err.upc:21 and atomic_counter_plain_read_err.upc:23
 */
/* Berkeley-test style: threads count events with upc_atomic_relaxed fetch-and-add while
   the last thread peeks at the counter with a plain read. */
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
        peek = events;
    upc_barrier;
    if (MYTHREAD == 0) printf("%d %d\n", events, peek >= 0);
    upc_all_atomicdomain_free(dom);
    return 0;
}
