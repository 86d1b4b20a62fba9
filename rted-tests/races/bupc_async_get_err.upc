/* upc-check-test
 * expect: data-race
 * line: 24 25
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: bupc_async_get_err.upc:24 and bupc_async_get_err.upc:25
 */
/* Berkeley UPC style: bupc_memget_async into a private buffer, and the owner of the source
   block overwrites it before the fetching thread's bupc_waitsync. */
#include <upc.h>
#include <stdio.h>

#define B 32
shared [B] long tab[B * THREADS];

int main(void)
{
    long buf[B];
    int k, src = (MYTHREAD + 1) % THREADS;
    bupc_handle_t h;
    for (k = 0; k < B; k++)
        tab[MYTHREAD * B + k] = MYTHREAD;
    upc_barrier;
    h = bupc_memget_async(buf, &tab[src * B], sizeof buf);
    tab[MYTHREAD * B + 3] = -1;
    bupc_waitsync(h);
    upc_barrier;
    printf("%d: %ld\n", MYTHREAD, buf[3]);
    return 0;
}
