/* upc-check-test
 * expect: data-race
 * line: 21 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: strict_flag_ring_err.upc:21 and strict_flag_ring_err.upc:23
 */
/* Producer/consumer ring with a strict flag: the producer fills the slot and raises the
   flag, but the consumer reads the slot before looking at the flag. */
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
    peek = slot[MYTHREAD * 4 + 3];
    while (!full[MYTHREAD])
        ;
    for (k = 0; k < 3; k++)
        got += slot[MYTHREAD * 4 + k];
    upc_barrier;
    printf("%d: %g\n", MYTHREAD, got + peek);
    return 0;
}
