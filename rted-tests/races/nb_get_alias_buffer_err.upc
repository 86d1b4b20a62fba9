/* upc-check-test
 * expect: data-race
 * line: 26 27
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: nb_get_alias_buffer_err.upc:26 and nb_get_alias_buffer_err.upc:27
 */
/* upc_memget_nb into a buffer named through another pointer: the code reads the buffer
   by its own name before upc_sync completes the transfer. */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

#define B 8
shared [B] long vals[B * THREADS];

int main(void)
{
    long buf[B];
    long *dst = buf;
    long first;
    int k;
    upc_handle_t h;
    for (k = 0; k < B; k++) vals[MYTHREAD * B + k] = MYTHREAD * 10 + k;
    upc_barrier;
    h = upc_memget_nb(dst, &vals[((MYTHREAD + 1) % THREADS) * B], sizeof buf);
    first = buf[0];
    upc_sync(h);
    upc_barrier;
    printf("%d: %ld %ld\n", MYTHREAD, first, buf[B - 1]);
    return 0;
}
