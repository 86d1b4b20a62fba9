/* C11 in UPC code: _Generic over the values of shared objects, _Static_assert on UPC's
 * sizeof operators, compound literals holding pointers-to-shared, designated initializers
 * of structures with pointer-to-shared members (file scope and block scope), file-scope
 * compound literals holding shared addresses, flexible
 * array members of private structures, restrict-qualified local pointers and static inline
 * helpers. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdalign.h>
#include <stdnoreturn.h>

#define N 6
shared [N] double grid[THREADS][N];
shared int counts[THREADS];

_Static_assert(sizeof(int) == 4, "int is 32 bits");
_Static_assert(upc_blocksizeof(grid) == N, "block of a row");
_Static_assert(upc_elemsizeof(grid) == sizeof(double), "element size");
_Static_assert(upc_blocksizeof(counts) == 1, "default block size");

#define KIND(x) _Generic((x), int: "int", double: "double", long: "long", \
                         char *: "string", default: "other")

struct view {
    const char *name;
    shared [N] double *row; /* a pointer-to-shared member */
    shared int *count;
    int len;
};

/* a file-scope table of views initialized from shared addresses */
static struct view views[2] = {
    { .name = "first row", .row = &grid[0][0], .count = &counts[0], .len = N },
    [1] = { .len = N / 2, .row = &grid[0][N / 2], .name = "second half", .count = &counts[0] },
};

/* file-scope compound literals holding shared addresses (static storage) */
static struct view *tail_view = &(struct view){ .name = "tail", .row = &grid[0][N - 2], .len = 2 };
struct view *pair = (struct view[]){ { "a", &grid[0][0], &counts[0], 1 }, { "b", &grid[0][1], &counts[0], 1 } };

struct samples {
    int n;
    alignas(16) double v[]; /* flexible array member */
};

static inline double dot(int n, const double *restrict a, const double *restrict b)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

static noreturn void die(const char *why)
{
    fprintf(stderr, "error: %s\n", why);
    exit(2);
}

static double row_sum(struct view v)
{
    double s = 0;
    for (int i = 0; i < v.len; i++)
        s += v.row[i];
    return s;
}

int main(void)
{
    upc_forall (int t = 0; t < THREADS; t++; t)
        for (int j = 0; j < N; j++)
            grid[t][j] = t * 10 + j;
    counts[MYTHREAD] = MYTHREAD + 1;
    upc_barrier;

    if (MYTHREAD == 0) {
        printf("%s %s %s %s %s\n", KIND(counts[0]), KIND(grid[0][1]), KIND(3L),
               KIND((char *)"x"), KIND(1.0f));
        printf("%s: %.1f, %s: %.1f\n", views[0].name, row_sum(views[0]), views[1].name,
               row_sum(views[1]));
        /* a compound literal with a pointer-to-shared member, passed by value */
        int last = THREADS - 1;
        double s = row_sum((struct view){ .row = &grid[last][0], .len = N, .name = "last" });
        printf("last row sum %s\n", s == last * 10.0 * N + 15 ? "ok" : "WRONG");
        /* a compound literal array of pointers-to-shared */
        shared int *pick = ((shared int *[]){ &counts[0], &counts[last] })[1];
        printf("count of the last thread %s\n", *pick == THREADS ? "ok" : "WRONG");
        printf("through the view: %d\n", *views[1].count);
        printf("%s: %.1f, %s%s: %.1f\n", tail_view->name, row_sum(*tail_view), pair[0].name,
               pair[1].name, row_sum(pair[0]) + row_sum(pair[1]));

        struct samples *sm = malloc(sizeof *sm + N * sizeof(double));
        if (!sm)
            die("out of memory");
        sm->n = N;
        for (int j = 0; j < N; j++)
            sm->v[j] = grid[0][j];
        double ones[N];
        for (int j = 0; j < N; j++)
            ones[j] = 1.0;
        printf("flexible dot %.1f, aligned %d\n", dot(sm->n, sm->v, ones),
               (int)(((unsigned long)sm->v & 15) == 0 || alignof(double) < 16));
        free(sm);
    }
    upc_barrier;
    return 0;
}
