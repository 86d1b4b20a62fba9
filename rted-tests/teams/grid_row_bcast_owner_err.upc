/* upc-check-test
 * expect: single-valued-mismatch
 * line: 50
 * threads: 3 6 8
 */
/* Error: a SUMMA-style panel broadcast along the rows of a 2-D process grid (row teams from upccoll_team_split); the owner of a panel knows it from its balanced column range, the other members compute it as k / (N / pcols), which is another column when N is not a multiple of pcols (3, 6 or 8 threads here; 2 or 4 threads happen to work) */
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
    int lo, hi;
    my_range(&lo, &hi);
    if (lo <= k && k < hi)
        return mycol;
    return k / (N / pcols);
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
