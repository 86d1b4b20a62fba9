/* upc-check-test
 * expect: data-race
 * line: 22 24
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: memcpy_nbi_barrier_err.upc:22 and memcpy_nbi_barrier_err.upc:24
 */
/* upc_memcpy_nbi (implicit handle) is not completed by a barrier: the owner of the target
   reads it after the barrier while the copy may still be in flight until upc_synci. */
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
    upc_barrier;
    s = to[MYTHREAD * B + 3];
    upc_synci();
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, s);
    return 0;
}
