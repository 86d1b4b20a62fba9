/* upc-check-test
 * expect: data-race
 * line: 22 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: bupc_put_async_err.upc:22 and bupc_put_async_err.upc:23
 */
/* Berkeley's bupc_memput_async: the sender reuses its private source buffer before
   bupc_waitsync. */
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
    for (k = 0; k < B; k++) out[k] = 0;
    bupc_waitsync(h);
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, inbox[MYTHREAD * B]);
    return 0;
}
