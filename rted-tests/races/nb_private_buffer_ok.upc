/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of nb_private_buffer_err.upc: the computation on the thread's own block
   overlaps the transfer, and the private buffer is read only after upc_sync. */
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
    upc_sync(h);
    sum = own + halo[0];
    for (k = 1; k < B; k++)
        sum += halo[k];
    upc_barrier;
    printf("%d: %g\n", MYTHREAD, sum);
    return 0;
}
