/* upc-check-test
 * expect: data-race
 * line: 27 38
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: bupc_ghost_cell_err.upc:27 and bupc_ghost_cell_err.upc:38
 */
/* Test-suite style: a typedef'd cell in a blocked shared array and a helper that takes a
   pointer-to-shared.  Every thread fills the ghost field of its right neighbour's first
   cell, and the neighbour reads its own ghost before the barrier that should come first. */
#include <upc_relaxed.h>
#include <stdio.h>

#define B 4
#define CHECK(cond) do { if (!(cond)) { printf("FAIL: %s line %d\n", __FILE__, __LINE__); upc_global_exit(1); } } while (0)

typedef struct {
    double val;
    int ghost;
    int pad;
} cell_t;

shared [B] cell_t grid[B * THREADS];

static void put_ghost(shared [B] cell_t *dst, int v)
{
    dst->ghost = v;
}

int main(void)
{
    int first = MYTHREAD * B;
    int g, k;
    for (k = 0; k < B; k++)
        grid[first + k].val = MYTHREAD + 0.5 * k;
    upc_barrier;
    put_ghost(&grid[((MYTHREAD + 1) % THREADS) * B], MYTHREAD);
    g = grid[first].ghost;
    upc_barrier;
    CHECK(g >= 0 && g < THREADS);
    if (MYTHREAD == 0)
        printf("done\n");
    return 0;
}
