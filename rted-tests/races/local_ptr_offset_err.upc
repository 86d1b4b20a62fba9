/* upc-check-test
 * expect: data-race
 * line: 25 32
 * threads: 2 3 4
 * nodes: one
 * flags: --upccheck:-r
 * report: the two accesses: local_ptr_offset_err.upc:25 and local_ptr_offset_err.upc:32
 */
/* A halo exchange through local pointers: each thread updates its row through a pointer
   offset from its block start, and reads the left neighbour's last cell through a
   pointer derived the same way, without a barrier between */
#include <upc.h>
#include <stdio.h>

#define W 6
shared [W] int grid[W * THREADS];

int main(void)
{
    int *row = (int *)&grid[MYTHREAD * W];
    int *inner = row + 1;
    int k, left = (MYTHREAD + THREADS - 1) % THREADS, halo;
    const int *lrow;
    for (k = 0; k < W - 2; k++)
        inner[k] = MYTHREAD * 100 + k;
    row[0] = -1;
    row[W - 1] = -1;
    lrow = (const int *)&grid[left * W];
    if (MYTHREAD == 0)
        halo = 0;
    else
        halo = lrow[W - 2];
    upc_barrier;
    printf("%d\n", halo);
    return 0;
}
