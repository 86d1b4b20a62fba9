/* upc-check-test
 * expect: data-race
 * line: 27 30
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: nb_private_buffer_err.upc:27 and nb_private_buffer_err.upc:30
 */
/* Overlapping communication with computation: each thread fetches its neighbour's block
   with upc_memget_nb into a private buffer and uses the buffer before upc_sync completes the
   transfer (its contents are indeterminate until then). */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

#define B 16
shared [B] double field[B * THREADS];

int main(void)
{
    double halo[B];
    double own = 0, sum = 0;
    int k;
    upc_handle_t h;
    for (k = 0; k < B; k++)
        field[MYTHREAD * B + k] = MYTHREAD + k;
    upc_barrier;
    h = upc_memget_nb(halo, &field[((MYTHREAD + 1) % THREADS) * B], sizeof halo);
    for (k = 0; k < B; k++)
        own += field[MYTHREAD * B + k];
    sum = own + halo[0];
    upc_sync(h);
    for (k = 1; k < B; k++)
        sum += halo[k];
    upc_barrier;
    printf("%d: %g\n", MYTHREAD, sum);
    return 0;
}
