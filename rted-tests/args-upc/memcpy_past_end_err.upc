/* upc-check-test
 * expect: invalid-argument
 * line: 21
 * threads: 2 4
 */
/* Error: the copy length adds a halo of two elements that the source block does not have on its thread */
#include <upc.h>
#include <stdio.h>

#define B 8
shared [B] int src[B * THREADS];
shared [B] int dst[B * THREADS];
shared int halo;

int main(void)
{
    int i, from = (MYTHREAD + 1) % THREADS;
    for (i = 0; i < B; i++) src[MYTHREAD * B + i] = MYTHREAD;
    if (MYTHREAD == 0) halo = 2;
    upc_barrier;
    upc_memcpy(&dst[MYTHREAD * B], &src[from * B], (B + halo) * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 0) printf("dst[0] = %d\n", dst[0]);
    return 0;
}
