/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of bupc_put_async_err.upc: the buffer is reused after bupc_waitsync. */
#include <upc.h>
#include <bupc_nb.h>
#include <stdio.h>

#define B 8
shared [B] int inbox[B * THREADS];

int main(void)
{
    int out[B], k;
    bupc_handle_t h;
    for (k = 0; k < B; k++) out[k] = MYTHREAD;
    h = bupc_memput_async(&inbox[((MYTHREAD + 1) % THREADS) * B], out, sizeof out);
    bupc_waitsync(h);
    for (k = 0; k < B; k++) out[k] = 0;
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, inbox[MYTHREAD * B] + out[0]);
    return 0;
}
