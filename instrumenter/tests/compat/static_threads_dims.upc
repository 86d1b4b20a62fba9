/* Code for the static THREADS environment (compiled with -T N): THREADS in
 * private array dimensions, in a 2-D shared array with THREADS twice, in
 * case labels, in #if, in enum constants and static initializers, and
 * shared arrays without THREADS in their size, as Berkeley and GUPC test
 * programs written for a fixed thread count do. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#if THREADS == 1
#define PARTNER(t) (t)
#else
#define PARTNER(t) (((t) + THREADS / 2) % THREADS)
#endif

enum { NT = THREADS, SLOTS = 2 * THREADS + 1 };

shared int matrix[THREADS][THREADS];     /* row r, column c: from thread c to thread r */
shared int small[10];                    /* no THREADS: only legal with -T */
shared [THREADS] int rows[THREADS * THREADS];
shared [] int on_zero[SLOTS];
static int private_table[THREADS] = { 0 };
static const int nthreads_at_compile_time = THREADS;
shared int verdict[NT];

static const char *
size_class(void)
{
    switch (THREADS) {
    case 1:
        return "single";
    case 2:
    case 3:
    case 4:
        return "small";
    default:
        return "larger";
    }
}

int
main(void)
{
    int r, c, e = 0;
    char label[THREADS + 1];

    for (c = 0; c < THREADS; c++) {
        matrix[MYTHREAD][c] = -1;
        rows[MYTHREAD * THREADS + c] = 0;
    }
    if (MYTHREAD == 0)
        for (c = 0; c < 10; c++)
            small[c] = c * c;
    upc_barrier;

    /* write my column of every row and my element of my partner's row */
    for (r = 0; r < THREADS; r++)
        matrix[r][MYTHREAD] = 100 * r + MYTHREAD;
    rows[PARTNER(MYTHREAD) * THREADS + MYTHREAD] = MYTHREAD + 1;
    on_zero[2 * MYTHREAD] = MYTHREAD;
    on_zero[2 * MYTHREAD + 1] = -MYTHREAD;
    upc_barrier;

    for (c = 0; c < THREADS; c++) {
        private_table[c] = matrix[MYTHREAD][c];
        if (private_table[c] != 100 * MYTHREAD + c) e++;
        if (upc_threadof(&matrix[MYTHREAD][c]) != (size_t) ((MYTHREAD * THREADS + c) % THREADS)) e++;
        label[c] = rows[MYTHREAD * THREADS + c] ? 'x' : '.';
    }
    label[THREADS] = '\0';
    for (c = 0; c < 10; c++)
        if (small[c] != c * c) e++;
    if (sizeof(private_table) != THREADS * sizeof(int)) e++;
    if (sizeof(label) != THREADS + 1) e++;
    if (upc_threadof(&small[7]) != 7 % THREADS) e++;
    verdict[MYTHREAD] = e;
    upc_barrier;

    if (MYTHREAD == 0) {
        int t, tot = 0;
        for (t = 0; t < NT; t++)
            tot += verdict[t];
        printf("THREADS = %d (%s), compile-time copy %d, %d errors\n", THREADS, size_class(),
               nthreads_at_compile_time, tot);
        printf("sizeof(matrix) = %d ints (THREADS squared: %s), upc_localsizeof(rows) = %d ints\n",
               (int) (sizeof(matrix) / sizeof(int)),
               sizeof(matrix) == THREADS * THREADS * sizeof(int) ? "yes" : "no",
               (int) (upc_localsizeof(rows) / sizeof(int)));
        for (c = 0, r = 0; label[c]; c++)
            r += label[c] == 'x';
        for (c = 0, t = 1; label[c]; c++)
            t &= (label[c] == 'x') == (PARTNER(c) == 0);
        printf("partner map of thread 0 has %d mark(s), %s\n", r, t ? "where PARTNER says" : "MISPLACED");
        printf("on_zero[SLOTS-2] + THREADS = %d\n", on_zero[SLOTS - 2] + THREADS);
    }
    return 0;
}
