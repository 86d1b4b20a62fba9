/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of memcpy_nbi_barrier_err.upc: upc_synci before the barrier. */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

#define B 16
shared [B] int from[B * THREADS], to[B * THREADS];

int main(void)
{
    int k, s = 0;
    for (k = 0; k < B; k++) from[MYTHREAD * B + k] = k;
    upc_barrier;
    upc_memcpy_nbi(&to[((MYTHREAD + 1) % THREADS) * B], &from[MYTHREAD * B], B * sizeof(int));
    upc_synci();
    upc_barrier;
    s = to[MYTHREAD * B + 3];
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, s);
    return 0;
}
