/* macro_idioms.upc -- the preprocessor habits of C programmers applied to shared
 * data: function-like macros that expand to shared accesses, an X-macro table,
 * enum-sized arrays, const lookup tables, a variadic logging macro with
 * ##__VA_ARGS__, designated initializers and compound literals. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#define N 6
#define A(i, j) a[(i) * N + (j)]
#define AT(p, i) (*((p) + (i)))
#define SWAP(T, x, y) do { T tmp_ = (x); (x) = (y); (y) = tmp_; } while (0)
#define LOG(fmt, ...) do { if (MYTHREAD == 0) printf("[log] " fmt "\n", ##__VA_ARGS__); } while (0)

#define COLORS(X) \
    X(RED, "red", 3)     \
    X(GREEN, "green", 5) \
    X(BLUE, "blue", 7)

enum color {
#define X(name, str, w) COLOR_##name,
    COLORS(X)
#undef X
    NCOLORS
};

static const char *const color_names[NCOLORS] = {
#define X(name, str, w) [COLOR_##name] = str,
    COLORS(X)
#undef X
};
static const int color_weight[] = {
#define X(name, str, w) w,
    COLORS(X)
#undef X
};

struct point { int x, y; };

shared int *a;                /* N*N, cyclic */
shared int histogram[NCOLORS * THREADS];
shared [] struct point *corners; /* 4, on thread 0 */

int main(void)
{
    int i, j;

    a = (shared int *)upc_all_alloc(N * N, sizeof(int));
    corners = (shared [] struct point *)upc_all_alloc(1, 4 * sizeof(struct point));
    upc_forall (i = 0; i < N * N; i++; &a[i])
        a[i] = i;
    upc_barrier;

    if (MYTHREAD == 0) {
        /* transpose in place through the macro */
        for (i = 0; i < N; i++)
            for (j = i + 1; j < N; j++)
                SWAP(int, A(i, j), A(j, i));
        corners[0] = (struct point){ .x = 0, .y = 0 };
        corners[1] = (struct point){ .y = 0, .x = N - 1 };
        corners[2] = (struct point){ N - 1, N - 1 };
        corners[3] = (struct point){ .x = 0, .y = N - 1 };
    }
    upc_barrier;
    for (i = 0; i < N * N; i++)
        if (i % THREADS == MYTHREAD)
            histogram[(A(i / N, i % N) % NCOLORS) * THREADS + MYTHREAD] += color_weight[i % NCOLORS];
    upc_barrier;

    LOG("A(1,2)=%d A(2,1)=%d AT=%d", A(1, 2), A(2, 1), AT(&a[0], 7));
    LOG("no arguments at all");
    for (i = 0; i < 4; i++)
        LOG("corner %d: (%d,%d) -> %d", i, corners[i].x, corners[i].y, A(corners[i].y, corners[i].x));
    if (MYTHREAD == 0) {
        int c;
        for (c = 0; c < NCOLORS; c++) {
            int t, s = 0;
            for (t = 0; t < THREADS; t++) s += histogram[c * THREADS + t];
            printf("%-5s weight %d total %d\n", color_names[c], color_weight[c], s);
        }
        printf("sizeof color_names = %d entries\n", (int)(sizeof color_names / sizeof *color_names));
    }
    return 0;
}
