/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of nb_get_alias_buffer_err.upc: the buffer is read after upc_sync. */
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
    upc_sync(h);
    first = buf[0];
    upc_barrier;
    printf("%d: %ld %ld\n", MYTHREAD, first, buf[B - 1]);
    return 0;
}
