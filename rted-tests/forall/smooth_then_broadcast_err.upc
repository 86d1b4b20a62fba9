/* upc-check-test
 * expect: forall-not-single-valued
 * line: 38
 * threads: 2 3 4
 * report: the loop condition differs
 * report: the loops were compared where the threads reached their next collective operation
 */
/* Error: two smoothing sweeps, then the result is broadcast; the second sweep's bound is
   read from a private variable that thread 1 bumped, so the sweeps differ between threads */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define NPTS (16 * THREADS)

shared [16] double grid[16 * THREADS];
shared double first[THREADS];
shared double result;

static int sweep_end;

int main(void)
{
    int i;

    sweep_end = NPTS - 1;
    if (MYTHREAD == 1)
        sweep_end++; /* an off-by-one kept private to one thread */

    upc_forall (i = 0; i < NPTS; i++; &grid[i])
        grid[i] = (double)i;
    upc_barrier;

    upc_forall (i = 1; i < NPTS - 1; i++; &grid[i])
        grid[i] = 0.5 * grid[i] + 0.25 * ((double)(i - 1) + (double)(i + 1));

    /* second sweep */
    upc_forall (i = 0; i < sweep_end; i++; &grid[i])
        grid[i] *= 0.5;

    if (MYTHREAD == 0)
        result = grid[NPTS / 2];
    upc_all_broadcast(first, &result, sizeof(double), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("middle = %g\n", first[0]);
    return 0;
}
