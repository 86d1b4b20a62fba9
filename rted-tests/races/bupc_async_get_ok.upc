/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of bupc_async_get_err.upc: the owners update their blocks after a barrier
   that follows every thread's bupc_waitsync. */
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
    bupc_waitsync(h);
    upc_barrier;
    tab[MYTHREAD * B + 3] = -1;
    upc_barrier;
    printf("%d: %ld\n", MYTHREAD, buf[3]);
    return 0;
}
