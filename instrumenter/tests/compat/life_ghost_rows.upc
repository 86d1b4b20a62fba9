/*
 * Conway's game of life on a torus, rows distributed in contiguous slabs:
 * shared [ROWS*COLS] char board[2][...] would need THREADS in two places, so
 * the two generations are two arrays. Each thread copies its neighbours'
 * edge rows into private ghost rows with upc_memget, updates its slab
 * through a private pointer, and population counts are summed with a lock.
 * A glider must keep its five cells and come back shifted after 4*k steps.
 */
#include <upc_relaxed.h>
#include <stdio.h>
#include <string.h>

#define ROWS 6                      /* rows per thread */
#define COLS 12
#define SLAB (ROWS * COLS)
#define STEPS 8

shared [SLAB] char gen_a[SLAB * THREADS];
shared [SLAB] char gen_b[SLAB * THREADS];
shared int population;
upc_lock_t *pop_lock;

typedef shared [SLAB] char *board_t;

static int
rows_total(void)
{
    return ROWS * THREADS;
}

static void
step(board_t from, board_t to)
{
    char ghost_up[COLS], ghost_down[COLS], mine[ROWS + 2][COLS];
    int up = (MYTHREAD + THREADS - 1) % THREADS, down = (MYTHREAD + 1) % THREADS;
    int r, c, dr, dc;
    char *out = (char *) &to[MYTHREAD * SLAB];

    upc_memget(ghost_up, &from[up * SLAB + (ROWS - 1) * COLS], COLS);
    upc_memget(ghost_down, &from[down * SLAB], COLS);
    memcpy(mine[0], ghost_up, COLS);
    memcpy(mine[1], (char *) &from[MYTHREAD * SLAB], SLAB);
    memcpy(mine[ROWS + 1], ghost_down, COLS);
    for (r = 1; r <= ROWS; r++)
        for (c = 0; c < COLS; c++) {
            int n = 0;
            for (dr = -1; dr <= 1; dr++)
                for (dc = -1; dc <= 1; dc++)
                    if (dr || dc)
                        n += mine[r + dr][(c + dc + COLS) % COLS];
            out[(r - 1) * COLS + c] = (char) (n == 3 || (n == 2 && mine[r][c]));
        }
}

static int
count(board_t b)
{
    int i, n = 0;
    const char *p = (const char *) &b[MYTHREAD * SLAB];
    for (i = 0; i < SLAB; i++)
        n += p[i];
    return n;
}

static void
set_cell(board_t b, int r, int c)
{
    r = (r + rows_total()) % rows_total();
    b[r * COLS + (c + COLS) % COLS] = 1;
}

int
main(void)
{
    int s, n;
    board_t cur = gen_a, nxt = gen_b, tmp;

    pop_lock = upc_all_lock_alloc();
    upc_forall (s = 0; s < SLAB * THREADS; s++; &gen_a[s]) {
        gen_a[s] = 0;
        gen_b[s] = 0;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        /* a glider near the top left corner */
        set_cell(gen_a, 0, 1);
        set_cell(gen_a, 1, 2);
        set_cell(gen_a, 2, 0);
        set_cell(gen_a, 2, 1);
        set_cell(gen_a, 2, 2);
    }
    upc_barrier;

    for (s = 0; s < STEPS; s++) {
        step(cur, nxt);
        upc_barrier;
        tmp = cur;
        cur = nxt;
        nxt = tmp;
    }

    if (MYTHREAD == 0)
        population = 0;
    upc_barrier;
    n = count(cur);
    upc_lock(pop_lock);
    population += n;
    upc_unlock(pop_lock);
    upc_barrier;

    if (MYTHREAD == 0) {
        /* after 8 steps the glider moved 2 rows down and 2 columns right */
        int r0 = 2, c0 = 2, ok = 1;
        ok &= cur[((r0 + 0) % rows_total()) * COLS + c0 + 1] == 1;
        ok &= cur[((r0 + 1) % rows_total()) * COLS + c0 + 2] == 1;
        ok &= cur[((r0 + 2) % rows_total()) * COLS + c0 + 0] == 1;
        ok &= cur[((r0 + 2) % rows_total()) * COLS + c0 + 1] == 1;
        ok &= cur[((r0 + 2) % rows_total()) * COLS + c0 + 2] == 1;
        printf("after %d steps: population %d, glider %s\n", STEPS, population,
               ok ? "where expected" : "LOST");
    }
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(pop_lock);
    return 0;
}
