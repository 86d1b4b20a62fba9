/* strict C99 (no GNU keywords in the user's code), checked with assert (off: -DNDEBUG) */
#include <upc.h>
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include "kern.h"

shared [CELLS] double field[CELLS * THREADS];
shared double partial[THREADS];

int main(void)
{
    int i;
    double total;
    assert(0 && "NDEBUG is defined: this assert is compiled out");
    upc_forall (i = 0; i < CELLS * THREADS; i++; &field[i])
        field[i] = (i % CELLS == 0) ? 100.0 : 0.0;
    upc_barrier;
    stencil_steps(20);
    total = reduce_field();
    if (MYTHREAD == 0)
        printf("heat conserved: %s (%.6f per thread)\n",
               fabs(total - 100.0 * THREADS) < 1e-9 ? "yes" : "no", total / THREADS);
    return 0;
}
