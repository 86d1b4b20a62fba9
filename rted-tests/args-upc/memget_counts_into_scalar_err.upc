/* upc-check-test
 * expect: invalid-argument
 * line: 21
 * threads: 2 4 8
 * report: private buffer too small
 */
/* Error: thread 0 means to fetch one count, but passes the size of all THREADS counts, into the address of a single long */
#include <upc.h>
#include <stdio.h>

shared [] long counts[64];

int main(void)
{
    long mine = 0;
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++)
            counts[t] = 10 * t;
    upc_barrier;
    upc_memget(&mine, &counts[MYTHREAD], THREADS * sizeof(long));
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%ld\n", mine);
    return 0;
}
