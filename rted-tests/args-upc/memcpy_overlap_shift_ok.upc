/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the window is shifted through a second buffer so the two ranges of each upc_memcpy are disjoint */
#include <upc.h>
#include <stdio.h>

#define H 12
shared [H] int hist[H * THREADS];
shared [H] int tmp[H * THREADS];
shared int shift;

int main(void)
{
    int i, s;
    for (i = 0; i < H; i++) hist[MYTHREAD * H + i] = i;
    if (MYTHREAD == 0) shift = 4;
    upc_barrier;
    s = shift;
    upc_memcpy(&tmp[MYTHREAD * H], &hist[MYTHREAD * H + s], (H - s) * sizeof(int));
    upc_memcpy(&hist[MYTHREAD * H], &tmp[MYTHREAD * H], (H - s) * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 0) printf("hist[0] = %d\n", hist[0]);
    return 0;
}
