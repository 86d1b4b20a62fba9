/* upc-check-test
 * expect: invalid-argument
 * line: 28
 * threads: 2 4 8
 * value: n = 64
 * report: private buffer too small: the declared array holds 32 bytes from there, but 64 bytes are transferred
 */
/* Error: the non-blocking prefetch of the neighbour's halo copies a whole block into a halo array of half its size */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

#define BLK 16
shared [BLK] float field[BLK * THREADS];
shared int halo_width;

int main(void)
{
    float halo[BLK / 2];
    upc_handle_t h;
    int i, w;
    for (i = 0; i < BLK; i++)
        field[BLK * MYTHREAD + i] = MYTHREAD;
    if (MYTHREAD == 0)
        halo_width = BLK;
    upc_barrier;
    w = halo_width;
    h = upc_memget_nb(halo, &field[BLK * ((MYTHREAD + 1) % THREADS)], w * sizeof(float));
    upc_sync(h);
    printf("thread %d: halo %g\n", MYTHREAD, halo[0]);
    return 0;
}
