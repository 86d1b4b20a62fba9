/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: each thread fetches its own count, sizeof(long) bytes */
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
    upc_memget(&mine, &counts[MYTHREAD], sizeof(long));
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%ld\n", mine);
    return 0;
}
