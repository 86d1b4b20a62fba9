/* upc-check-test
 * expect: clean
 * threads: 2 4
 * stdout: density[1] = 2.00
 */
/* Correct twin of longjmp_out_of_body_err.upc: the error handler is set up inside the body, for each cell, so the longjmp of the input check returns into the same iteration; the barrier and the upc_forall after the loop run as usual */
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

    upc_forall (i = 0; i < CELLS * THREADS; i++; &density[i]) {
        if (setjmp(on_error) == 0)
            density[i] = 0.5 * checked(density[i]);
        else {
            density[i] = 0.0;
            failed++;
        }
    }
    upc_barrier;
    upc_forall (i = 0; i < CELLS * THREADS; i++; &density[i])
        density[i] += 1.0;
    upc_barrier;
    if (MYTHREAD == 0) printf("failed on thread 0: %d, density[1] = %.2f\n", failed, density[1]);
    return 0;
}
