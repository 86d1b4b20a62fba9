/* localsizeof_consts.upc -- the UPC size operators as integer constant
 * expressions, the way library and benchmark code uses them to size private
 * buffers: upc_localsizeof of dynamic-THREADS arrays (THREADS-independent),
 * upc_blocksizeof/upc_elemsizeof of typedef'd row types and of struct arrays
 * with arrays inside, in enums, case labels, array bounds of file-scope and
 * block-scope private arrays, static initializers and a negative-size static
 * assertion; sizeof of shared types and of pointer-to-shared types. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <string.h>

typedef double row_t[6];
typedef struct {
    int id;
    short tag[3];
    double v[4];
} rec_t;

/* = shared [18] double grid[3*THREADS][6]: the block counts doubles, 18 = 3 rows */
shared [18] row_t grid[3 * THREADS];
shared [2] rec_t recs[5 * THREADS];
shared [] char text[40];
shared [*] int star[5 * THREADS];
shared [4] char buf[5 * THREADS];
shared int cyc[10 * THREADS];

#define STATIC_ASSERT(c, name) typedef char name[(c) ? 1 : -1]

STATIC_ASSERT(upc_blocksizeof(grid) == 18, grid_block);
STATIC_ASSERT(upc_elemsizeof(grid) == sizeof(double), grid_elem);
STATIC_ASSERT(upc_localsizeof(grid) == 18 * sizeof(double), grid_local);
STATIC_ASSERT(upc_localsizeof(recs) == 6 * sizeof(rec_t), recs_local);
STATIC_ASSERT(upc_localsizeof(text) == 40, text_local);
STATIC_ASSERT(upc_blocksizeof(text) == 0, text_block);
STATIC_ASSERT(upc_blocksizeof(star) == 5, star_block);
STATIC_ASSERT(upc_localsizeof(star) == 5 * sizeof(int), star_local);
STATIC_ASSERT(upc_localsizeof(buf) == 8, buf_local);
STATIC_ASSERT(upc_localsizeof(cyc) == 10 * sizeof(int), cyc_local);
STATIC_ASSERT(upc_elemsizeof(recs[1].v) == sizeof(double), member_elem);

enum {
    GRID_LOCAL = upc_localsizeof(grid) / upc_elemsizeof(grid),
    REC_BLOCK = upc_blocksizeof(recs),
    REC_BYTES = upc_elemsizeof(recs)
};

/* private staging buffers sized by the operators */
static double stage[upc_localsizeof(grid) / sizeof(double)];
static char textcopy[upc_localsizeof(text) + 1];
static const size_t sizes[] = {
    upc_localsizeof(grid), upc_localsizeof(recs), upc_blocksizeof(buf),
    upc_elemsizeof(text), sizeof(shared int), sizeof(shared [4] double)
};

static const char *kind(size_t blk)
{
    switch (blk) {
    case upc_blocksizeof(text): return "indefinite";
    case upc_blocksizeof(cyc):  return "cyclic";
    case upc_blocksizeof(recs): return "pairs";
    case upc_blocksizeof(grid): return "rows";
    default:                    return "other";
    }
}

int main(void)
{
    int i, j;
    int ok = 1;
    double local_rows[upc_blocksizeof(grid) * upc_elemsizeof(grid) / sizeof(row_t)][sizeof(row_t) / sizeof(double)];

    upc_forall (i = 0; i < 3 * THREADS; i++; &grid[i][0])
        for (j = 0; j < 6; j++)
            grid[i][j] = i + j / 10.0;
    upc_forall (i = 0; i < 5 * THREADS; i++; &recs[i]) {
        recs[i].id = i;
        recs[i].tag[2] = (short)(i % 7);
        recs[i].v[3] = i * 0.5;
    }
    upc_barrier;

    /* copy my rows of the grid into the staging buffer (one block per thread) */
    upc_memget(stage, &grid[3 * MYTHREAD][0], upc_elemsizeof(grid) * upc_blocksizeof(grid));
    memcpy(local_rows, stage, sizeof local_rows);
    for (i = 0; i < 3; i++)
        if (local_rows[i][5] != 3 * MYTHREAD + i + 0.5) ok = 0;

    /* the records with affinity to me, through a pointer-to-local */
    {
        rec_t *mine = (rec_t *)&recs[REC_BLOCK * MYTHREAD];
        size_t nmine = upc_affinitysize(sizeof(recs), REC_BLOCK * REC_BYTES, MYTHREAD)
                       / REC_BYTES;
        if (nmine > (size_t)upc_localsizeof(recs) / REC_BYTES) ok = 0;
        /* blocks of 2: my first block holds records 2*MYTHREAD and 2*MYTHREAD+1 */
        if (mine[0].id != 2 * MYTHREAD || mine[1].tag[2] != (2 * MYTHREAD + 1) % 7) ok = 0;
        if (mine[1].v[3] != (2 * MYTHREAD + 1) * 0.5) ok = 0;
    }

    if (sizeof(grid) != 3 * THREADS * sizeof(row_t)) ok = 0;
    if (sizeof(recs) / sizeof(recs[0]) != (size_t)(5 * THREADS)) ok = 0;
    if (sizeof(textcopy) != 41 || sizeof(stage) != 18 * sizeof(double)) ok = 0;

    if (!ok) printf("thread %d: FAILED\n", MYTHREAD);
    upc_barrier;
    if (MYTHREAD == 0) {
        printf("GRID_LOCAL=%d REC_BLOCK=%d REC_BYTES=%d\n", GRID_LOCAL, REC_BLOCK,
               REC_BYTES == (int)sizeof(rec_t));
        printf("sizes: %zu %zu %zu %zu\n", sizes[0], sizes[1], sizes[2], sizes[3]);
        printf("shared type sizes: %zu %zu\n", sizes[4], sizes[5]);
        printf("kinds: %s %s %s %s %s\n", kind(0), kind(1), kind(2), kind(18), kind(9));
    }
    return !ok;
}
