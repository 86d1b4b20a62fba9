/* Shared arrays of typedef'd structures that contain arrays, nested
 * structures and arrays of structures, as particle and histogram codes
 * declare them; members reached by indexing, through pointers-to-shared to
 * the structure and to a member, and copied whole with upc_memget/upc_memput. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#define NBINS 8
#define NPT 3

typedef struct {
    double x, y;
} point_t;

typedef struct {
    int id;
    char name[12];
    point_t pts[NPT];
    struct {
        int count;
        int bins[NBINS];
    } hist;
    double weights[2][3];
} cell_t;

typedef cell_t cellrow_t[2];

shared [2] cell_t grid[2 * THREADS];
shared cellrow_t rows[THREADS];
shared int bad[THREADS];

int atoi_like(const char *s);

static void
init_cell(cell_t *c, int id)
{
    int i, j;
    memset(c, 0, sizeof *c);
    c->id = id;
    sprintf(c->name, "cell%03d", id);
    for (i = 0; i < NPT; i++) {
        c->pts[i].x = id + i * 0.5;
        c->pts[i].y = -id - i;
    }
    c->hist.count = id % NBINS;
    for (i = 0; i < NBINS; i++)
        c->hist.bins[i] = id * NBINS + i;
    for (i = 0; i < 2; i++)
        for (j = 0; j < 3; j++)
            c->weights[i][j] = id + i * 10 + j;
}

static int
check_cell(shared [2] cell_t *c, int id)
{
    int e = 0, i;
    char nm[12];
    if (c->id != id) e++;
    upc_memget(nm, &c->name, sizeof nm);
    if (strcmp(nm, "cell000") && atoi_like(nm) != id) e++;
    for (i = 0; i < NPT; i++)
        if (c->pts[i].x != id + i * 0.5 || (*c).pts[i].y != -id - i) e++;
    if (c->hist.count != id % NBINS) e++;
    for (i = 0; i < NBINS; i++)
        if (c->hist.bins[i] != id * NBINS + i) e++;
    if (c->weights[1][2] != id + 12) e++;
    return e;
}

int
atoi_like(const char *s)
{
    int v = 0;
    while (*s && (*s < '0' || *s > '9'))
        s++;
    while (*s >= '0' && *s <= '9')
        v = 10 * v + (*s++ - '0');
    return v;
}

int
main(void)
{
    int i, t, e = 0;
    cell_t tmp;

    for (i = 0; i < 2; i++) {
        init_cell(&tmp, 2 * MYTHREAD + i);
        upc_memput(&grid[2 * MYTHREAD + i], &tmp, sizeof tmp);
        init_cell(&tmp, 1000 + 2 * MYTHREAD + i);
        rows[MYTHREAD][i] = tmp;
    }
    upc_barrier;

    /* a neighbour's cells, member by member */
    t = (MYTHREAD + 1) % THREADS;
    e += check_cell(&grid[2 * t], 2 * t);
    e += check_cell(&grid[2 * t + 1], 2 * t + 1);

    /* whole-structure reads */
    for (i = 0; i < 2 * THREADS; i++) {
        cell_t c = grid[i];
        if (c.id != i || c.hist.bins[NBINS - 1] != i * NBINS + NBINS - 1) e++;
        if (rows[i / 2][i % 2].pts[2].x != 1000 + i + 1.0) e++;
        if (rows[i / 2][i % 2].name[4] != '1') e++;
    }
    upc_barrier;

    /* the owner updates a member array through a pointer into the shared structure */
    {
        shared [2] cell_t *mine = &grid[2 * MYTHREAD];
        for (i = 0; i < NBINS; i++) {
            mine->hist.bins[i] += 1;
            (mine + 1)->hist.bins[i]++;
        }
        mine[1].hist.count = 99;
        ((cell_t *) mine)->weights[0][0] = -1.0;
    }
    upc_barrier;
    for (i = 0; i < 2 * THREADS; i++) {
        if (grid[i].hist.bins[3] != i * NBINS + 4) e++;
        if (i % 2 == 1 && grid[i].hist.count != 99) e++;
        if (i % 2 == 0 && grid[i].weights[0][0] != -1.0) e++;
        if (upc_threadof(&grid[i].hist.bins[5]) != (size_t) (i / 2)) e++;
    }
    bad[MYTHREAD] = e;
    upc_barrier;
    if (MYTHREAD == 0) {
        int tot = 0;
        for (t = 0; t < THREADS; t++)
            tot += bad[t];
        printf("sizeof(cell_t) = %d, upc_elemsizeof(grid) = %d, upc_blocksizeof(grid) = %d\n",
               (int) sizeof(cell_t), (int) upc_elemsizeof(grid), (int) upc_blocksizeof(grid));
        printf("name of cell 1: %s\n", ({ static char n[12]; upc_memget(n, grid[1].name, 12); n; }));
        printf("mismatches: %d\n", tot);
    }
    return 0;
}
