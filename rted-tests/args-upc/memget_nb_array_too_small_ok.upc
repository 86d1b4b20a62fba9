/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of memget_nb_array_too_small_err.upc: the halo copy is half a block, as the array */
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
    w = halo_width / 2;
    h = upc_memget_nb(halo, &field[BLK * ((MYTHREAD + 1) % THREADS)], w * sizeof(float));
    upc_sync(h);
    printf("thread %d: halo %g\n", MYTHREAD, halo[0]);
    return 0;
}
