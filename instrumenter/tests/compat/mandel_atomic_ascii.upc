/*
 * Mandelbrot in ASCII with dynamic work distribution through a UPC 1.3
 * atomic counter: each thread takes the next row with a relaxed UPC_INC
 * (upc_atomic_relaxed on a domain from upc_all_atomicdomain_alloc) and writes
 * the row's characters into a picture on thread 0 with upc_memput.  Thread 0
 * prints the picture, which is the same whoever computed which row.
 */
#include <upc.h>
#include <upc_atomic.h>
#include <stdio.h>
#include <string.h>

#define W 64
#define H 24
#define MAXIT 60

shared int next_row;
shared [] char picture[H][W + 1];
shared int rows_by[THREADS];

static char shade(double cr, double ci)
{
    static const char ramp[] = " .:-=+*#%@";
    double zr = 0, zi = 0;
    int k;
    for (k = 0; k < MAXIT; k++) {
        double t = zr * zr - zi * zi + cr;
        zi = 2 * zr * zi + ci;
        zr = t;
        if (zr * zr + zi * zi > 4.0)
            return ramp[k % 9];
    }
    return ramp[9];
}

int main(void)
{
    upc_atomicdomain_t *dom = upc_all_atomicdomain_alloc(UPC_INT, UPC_INC | UPC_GET, 0);
    int row, x;
    char line[W + 1];

    for (;;) {
        upc_atomic_relaxed(dom, &row, UPC_INC, &next_row, NULL, NULL);
        if (row >= H)
            break;
        for (x = 0; x < W; x++)
            line[x] = shade(-2.1 + 2.8 * x / W, -1.2 + 2.4 * row / (H - 1));
        line[W] = '\0';
        upc_memput(&picture[row][0], line, sizeof line);
        rows_by[MYTHREAD]++;
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        int r, total = 0;
        for (r = 0; r < H; r++) {
            upc_memget(line, &picture[r][0], sizeof line);
            printf("|%s|\n", line);
        }
        for (r = 0; r < THREADS; r++)
            total += rows_by[r];
        upc_atomic_relaxed(dom, &row, UPC_GET, &next_row, NULL, NULL);
        printf("rows %d, extra tickets %d\n", total, row - H);
    }
    upc_barrier;
    upc_all_atomicdomain_free(dom);
    return 0;
}
