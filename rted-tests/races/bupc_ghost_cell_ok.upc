/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of bupc_ghost_cell_err.upc: a barrier separates the writes of the ghost
   fields (through the helper's pointer-to-shared) from the reads of them. */
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
    upc_barrier;
    g = grid[first].ghost;
    upc_barrier;
    CHECK(g >= 0 && g < THREADS);
    if (MYTHREAD == 0)
        printf("done\n");
    return 0;
}
