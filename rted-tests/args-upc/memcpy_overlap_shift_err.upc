/* upc-check-test
 * expect: invalid-argument
 * line: 22
 * threads: 2 3 4 8
 */
/* Error: to shift a history window left, upc_memcpy copies within the same block with a shift read from shared memory; the shift is smaller than the length so source and destination overlap */
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
    upc_memcpy(&hist[MYTHREAD * H], &hist[MYTHREAD * H + s], (H - s) * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 0) printf("hist[0] = %d\n", hist[0]);
    return 0;
}
