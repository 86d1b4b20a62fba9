/* Pointers to shared arrays (rows) and arrays of pointers-to-shared, as
 * image and grid codes use them: shared [COLS] int (*row)[COLS] walking a
 * 2-D array by rows, row pointers passed to functions, a private table of
 * row pointers, pointer comparison and subtraction in rows and elements,
 * and upc_forall with &img[r][0] as the affinity. */
#include <upc_relaxed.h>
#include <stdio.h>

#define COLS 6
#define ROWS_PER 3

shared [COLS] int img[ROWS_PER * THREADS][COLS];
shared [COLS] int out[ROWS_PER * THREADS][COLS];
shared int errs[THREADS];

static int
row_sum(shared [COLS] int (*r)[COLS])
{
    int c, s = 0;
    for (c = 0; c < COLS; c++)
        s += (*r)[c];
    return s;
}

static void
flip_row(shared [COLS] int *dst, shared [COLS] const int *src)
{
    int c;
    for (c = 0; c < COLS; c++)
        dst[c] = src[COLS - 1 - c];
}

int
main(void)
{
    int r, c, e = 0, nrows = ROWS_PER * THREADS;
    shared [COLS] int (*row)[COLS];
    shared [COLS] int *table[ROWS_PER];

    upc_forall (r = 0; r < nrows; r++; &img[r][0])
        for (c = 0; c < COLS; c++)
            img[r][c] = r * 100 + c;
    upc_barrier;

    /* walk all rows with a pointer to a row */
    for (row = img, r = 0; row < img + nrows; row++, r++) {
        if (row_sum(row) != COLS * r * 100 + COLS * (COLS - 1) / 2) e++;
        if (upc_threadof(*row) != (size_t) (r % THREADS)) e++;
        if ((*row)[COLS - 1] != r * 100 + COLS - 1) e++;
    }
    if (row - img != nrows) e++;

    /* my rows: a private table of pointers to their first elements */
    for (r = 0; r < ROWS_PER; r++)
        table[r] = &img[r * THREADS + MYTHREAD][0];
    for (r = 0; r < ROWS_PER; r++)
        flip_row(&out[r * THREADS + MYTHREAD][0], table[r]);
    upc_barrier;

    /* every thread checks the next thread's flipped rows */
    {
        int t = (MYTHREAD + 1) % THREADS;
        for (r = t; r < nrows; r += THREADS)
            for (c = 0; c < COLS; c++)
                if (out[r][c] != img[r][COLS - 1 - c]) e++;
        /* element pointers: distance in elements across a row boundary */
        if (&img[1][2] - &img[0][4] != COLS - 2) e++;
        if (&out[nrows - 1][COLS - 1] - &out[0][0] != nrows * COLS - 1) e++;
    }
    errs[MYTHREAD] = e;
    upc_barrier;
    if (MYTHREAD == 0) {
        int tot = 0;
        for (r = 0; r < THREADS; r++)
            tot += errs[r];
        printf("%d rows of %d: %d errors; out[1] = %d %d ... %d\n", ROWS_PER, COLS, tot,
               out[1][0], out[1][1], out[1][COLS - 1]);
    }
    return 0;
}
