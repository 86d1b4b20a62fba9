/* upc-check-test
 * expect: clean
 * threads: 2 3 4 6 8
 * stdout: sum = 55.0
 */
/* Correct twin of grid_row_bcast_owner_err.upc: every member of the row computes the owner of a panel from the same balanced distribution */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>

#define N 10                    /* global matrix columns */

static int prows, pcols, myrow, mycol;

/* the balanced distribution: the first N % pcols columns of the grid get one more */
static void my_range(int *lo, int *hi)
{
    int base = N / pcols, extra = N % pcols;
    *lo = mycol * base + (mycol < extra ? mycol : extra);
    *hi = *lo + base + (mycol < extra);
}

static int owner_of(int k)
{
    int base = N / pcols, extra = N % pcols;
    int big = extra * (base + 1);          /* columns of the wider blocks */
    return k < big ? k / (base + 1) : extra + (k - big) / base;
}

int main(int argc, char **argv)
{
    upccoll_team_t row;
    shared [] double *panel;
    int k, lo, hi;
    double sum = 0;
    upccoll_initialize(&argc, &argv);
    prows = THREADS % 2 == 0 ? 2 : 1;
    pcols = THREADS / prows;
    myrow = MYTHREAD / pcols;
    mycol = MYTHREAD % pcols;
    upccoll_team_split(UPC_TEAM_ALL, myrow, mycol, &row);
    panel = (shared [] double *)upc_alloc(2 * sizeof(double));
    my_range(&lo, &hi);
    for (k = 0; k < N; k++) {
        int root = owner_of(k);
        if (lo <= k && k < hi)
            panel[0] = 1.0 + k;
        upccoll_bcast((shared void *)panel, 1, UPC_DOUBLE,
                      (shared void *)(panel + 1), 1, UPC_DOUBLE, root, row, 0, NULL);
        sum += panel[1];
    }
    if (MYTHREAD == 0) printf("sum = %.1f\n", sum);
    upccoll_team_free(row);
    upccoll_finalize();
    return 0;
}
