/* upc-check-test
 * expect: data-race
 * line: 22 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: memcpy_shift_err.upc:22 and memcpy_shift_err.upc:23
 */
/* A shift by one block with upc_memcpy (shared to shared): each thread copies its block to
   the next thread's block of the destination, which that thread is reading. */
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
    for (k = 0; k < B; k++) s += dst[MYTHREAD * B + k];
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, s);
    return 0;
}
