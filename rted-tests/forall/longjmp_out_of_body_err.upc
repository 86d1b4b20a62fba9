/* upc-check-test
 * expect: forall-escape
 * line: 21
 * threads: 2 4
 * report: the upc_forall is at longjmp_out_of_body_err.upc:36
 */
/* Error: the input check of each cell longjmps to an error handler set up before the upc_forall; the thread that owns the bad cell leaves the loop's body with longjmp */
#include <upc.h>
#include <stdio.h>
#include <setjmp.h>

#define CELLS 16

shared double density[CELLS * THREADS];
shared int bad_cell;
static jmp_buf on_error;

static double checked(double v)
{
    if (v < 0.0)
        longjmp(on_error, 1);
    return v;
}

int main(void)
{
    int i, failed = 0;
    if (MYTHREAD == 0)
        bad_cell = CELLS * THREADS - 3;
    upc_barrier;
    upc_forall (i = 0; i < CELLS * THREADS; i++; &density[i])
        density[i] = (i == bad_cell) ? -1.0 : 1.0 + i;
    upc_barrier;

    if (setjmp(on_error) == 0) {
        upc_forall (i = 0; i < CELLS * THREADS; i++; &density[i])
            density[i] = 0.5 * checked(density[i]);
    } else {
        failed = 1;
    }
    upc_barrier;
    upc_forall (i = 0; i < CELLS * THREADS; i++; &density[i])
        density[i] += 1.0;
    upc_barrier;
    if (MYTHREAD == 0) printf("failed on thread 0: %d, density[1] = %.2f\n", failed, density[1]);
    return 0;
}
