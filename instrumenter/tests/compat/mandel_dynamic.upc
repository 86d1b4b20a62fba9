/*
 * Mandelbrot set with dynamic load balancing: rows are handed out through a
 * shared counter protected by a lock ("self-scheduling"). Thread 0 computes a
 * checksum serially and compares it with the distributed result.
 */
#include <upc.h>
#include <stdio.h>

#define WIDTH   64
#define HEIGHT  48
#define MAXITER 200

shared int next_row;
shared [] int image[HEIGHT][WIDTH];       /* the picture lives on thread 0 */
shared int rows_done[THREADS];
upc_lock_t *shared row_lock;

static int mandel(int px, int py)
{
    double x0 = -2.0 + 2.5 * px / WIDTH, y0 = -1.25 + 2.5 * py / HEIGHT;
    double x = 0, y = 0;
    int it = 0;
    while (x*x + y*y <= 4.0 && it < MAXITER) {
        double xt = x*x - y*y + x0;
        y = 2*x*y + y0;
        x = xt;
        it++;
    }
    return it;
}

static int get_row(void)
{
    int r;
    upc_lock(row_lock);
    r = next_row;
    next_row = r + 1;
    upc_unlock(row_lock);
    return r;
}

int main(void)
{
    int row, col;
    int line[WIDTH];

    if (MYTHREAD == 0) {
        row_lock = upc_global_lock_alloc();
        next_row = 0;
    }
    rows_done[MYTHREAD] = 0;
    upc_barrier;

    while ((row = get_row()) < HEIGHT) {
        for (col = 0; col < WIDTH; col++)
            line[col] = mandel(col, row);
        upc_memput(&image[row][0], line, sizeof line);
        rows_done[MYTHREAD]++;
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        long sum = 0, ref = 0;
        int t, total_rows = 0, inside = 0;
        for (row = 0; row < HEIGHT; row++)
            for (col = 0; col < WIDTH; col++) {
                sum += (long) image[row][col] * (row + 1);
                ref += (long) mandel(col, row) * (row + 1);
                inside += image[row][col] == MAXITER;
            }
        for (t = 0; t < THREADS; t++)
            total_rows += rows_done[t];
        printf("rows computed: %d\n", total_rows);
        printf("points inside: %d\n", inside);
        printf("checksum %s\n", sum == ref ? "matches" : "DIFFERS");
        upc_lock_free(row_lock);
    }
    return 0;
}
