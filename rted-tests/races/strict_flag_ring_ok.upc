/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of strict_flag_ring_err.upc: the consumer waits for the strict flag first. */
#include <upc.h>
#include <stdio.h>

shared [4] double slot[4 * THREADS];
strict shared int full[THREADS];

int main(void)
{
    int to = (MYTHREAD + 1) % THREADS, k;
    double got = 0, peek;
    for (k = 0; k < 4; k++)
        slot[to * 4 + k] = MYTHREAD + k;
    full[to] = 1;
    while (!full[MYTHREAD])
        ;
    peek = slot[MYTHREAD * 4 + 3];
    for (k = 0; k < 3; k++)
        got += slot[MYTHREAD * 4 + k];
    upc_barrier;
    printf("%d: %g\n", MYTHREAD, got + peek);
    return 0;
}
