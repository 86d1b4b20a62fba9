/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of memcpy_shift_err.upc: the destination is read after a barrier. */
#include <upc.h>
#include <stdio.h>

#define B 32
shared [B] int src[B * THREADS];
shared [B] int dst[B * THREADS];

int main(void)
{
    int k, s = 0;
    for (k = 0; k < B; k++) src[MYTHREAD * B + k] = MYTHREAD;
    upc_barrier;
    upc_memcpy(&dst[((MYTHREAD + 1) % THREADS) * B], &src[MYTHREAD * B], B * sizeof(int));
    upc_barrier;
    for (k = 0; k < B; k++) s += dst[MYTHREAD * B + k];
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, s);
    return 0;
}
