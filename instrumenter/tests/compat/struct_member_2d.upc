/* Two-dimensional and nested array members of shared structs; rows of a member
   matrix used as pointers-to-shared. */
#include <upc.h>
#include <stdio.h>

#define M 4

typedef struct {
    double v[M];
} row_t;

typedef struct {
    double m[M][M];
    row_t diag;
    int owner;
} tile_t;

shared tile_t tiles[THREADS];

static double row_sum(shared [] double *row, int n)
{
    double s = 0;
    int k;
    for (k = 0; k < n; k++)
        s += row[k];
    return s;
}

int main(void)
{
    int i, j, t;
    int ok = 1;

    for (i = 0; i < M; i++) {
        for (j = 0; j < M; j++)
            tiles[MYTHREAD].m[i][j] = MYTHREAD + i * M + j;
        tiles[MYTHREAD].diag.v[i] = tiles[MYTHREAD].m[i][i];
    }
    tiles[MYTHREAD].owner = MYTHREAD;
    upc_barrier;

    t = THREADS - 1 - MYTHREAD;
    for (i = 0; i < M; i++) {
        shared [] double *row = tiles[t].m[i];
        double want = 0;
        for (j = 0; j < M; j++)
            want += t + i * M + j;
        if (row_sum(row, M) != want)
            ok = 0;
        if (upc_threadof(row) != (size_t) tiles[t].owner)
            ok = 0;
    }
    if (row_sum(tiles[t].diag.v, M) != 4.0 * t + 0 + 5 + 10 + 15)
        ok = 0;
    {
        double local[M];
        upc_memget(local, tiles[t].m[M - 1], sizeof local);
        if (local[0] != t + (M - 1) * M)
            ok = 0;
    }
    upc_barrier;
    printf("%s %d\n", ok ? "ok" : "bad", MYTHREAD);
    return 0;
}
