// C99/C11 features mixed with UPC: _Static_assert, designated initializers,
// compound literals, VLAs sized by THREADS, _Bool, inline, restrict, _Generic,
// _Alignas, __func__, hexadecimal floats.
#include <upc.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define N 10

_Static_assert(sizeof(int) == 4, "int is 32 bits");
_Static_assert(N % 2 == 0, "N is even");

struct point { int x, y; };
struct shape {
    const char *name;
    struct point pts[3];
    int npts;
};

static const struct shape tri = {
    .name = "triangle",
    .npts = 3,
    .pts = { [0] = { .x = 0, .y = 0 }, [2].x = 4, [2].y = 1, [1] = { 2, 3 } },
};

static const int primes[N] = { [0] = 2, 3, 5, [5] = 13, [4] = 11, [3] = 7 };

shared int votes[THREADS];
shared _Bool done[THREADS];
shared struct point where[THREADS];

static inline int dot(const struct point *restrict a, const struct point *restrict b)
{
    return a->x * b->x + a->y * b->y;
}

static int sum_vla(int n, const int v[static 1], int m, int w[n][m])
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            s += w[i][j];
    return s;
}

#define TYPENAME(x) _Generic((x), int: "int", double: "double", default: "other")

int main(void)
{
    int errors = 0;
    _Alignas(16) char buf[32];
    _Static_assert(sizeof buf == 32, "local static assert");

    // VLAs whose size is THREADS (a run-time value in the dynamic environment)
    int per_thread[THREADS];
    int grid[THREADS][2];
    for (int t = 0; t < THREADS; t++) {
        per_thread[t] = t;
        grid[t][0] = grid[t][1] = 1;
    }
    if (sizeof per_thread != THREADS * sizeof(int))
        errors++;
    if (sum_vla(THREADS, per_thread, 2, grid) != THREADS * (THREADS - 1) / 2 + 2 * THREADS)
        errors++;

    // compound literals, also as values stored in shared memory
    where[MYTHREAD] = (struct point){ .x = MYTHREAD, .y = 2 * MYTHREAD };
    votes[MYTHREAD] = dot(&(struct point){ 1, 1 }, &tri.pts[1]);
    done[MYTHREAD] = true;
    int *lit = (int[]){ 1, 2, 3 };
    if (lit[2] != 3)
        errors++;

    if (tri.pts[2].x != 4 || tri.pts[2].y != 1 || tri.pts[1].y != 3 || tri.npts != 3)
        errors++;
    if (primes[3] != 7 || primes[4] != 11 || primes[5] != 13 || primes[9] != 0)
        errors++;
    if (strcmp(TYPENAME(N), "int") != 0 || strcmp(TYPENAME(0.5), "double") != 0)
        errors++;
    if (strcmp(__func__, "main") != 0)
        errors++;
    if (0x1p-2 != 0.25 || ((unsigned long)buf % 16) != 0)
        errors++;

    upc_barrier;

    bool all = true;
    long long total = 0LL;
    for (int t = 0; t < THREADS; t++) {
        all = all && done[t];
        total += votes[t];
        struct point p = where[t];
        if (p.x != t || p.y != 2 * t)
            errors++;
    }
    if (!all || total != 5LL * THREADS)
        errors++;

    upc_barrier;
    votes[MYTHREAD] = errors;
    upc_barrier;
    if (MYTHREAD == 0) {
        int e = 0;
        for (int t = 0; t < THREADS; t++)
            e += votes[t];
        const char *base = strrchr(__FILE__, '/');
        printf("%s: %s\n", base ? base + 1 : __FILE__, e ? "FAILED" : "PASSED");
    }
    return 0;
}
