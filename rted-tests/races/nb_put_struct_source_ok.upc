/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of nb_put_struct_source_err.upc: the member is changed after upc_sync; the other
   member is changed before it (not part of the transfer). */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

#define B 8
struct msg { int seq; double payload[B]; };
shared [B] double box[B * THREADS];

int main(void)
{
    struct msg m;
    int k;
    upc_handle_t h;
    m.seq = MYTHREAD;
    for (k = 0; k < B; k++) m.payload[k] = MYTHREAD + k;
    h = upc_memput_nb(&box[((MYTHREAD + 1) % THREADS) * B], m.payload, sizeof m.payload);
    m.seq = -1;
    upc_sync(h);
    m.payload[2] = -1;
    upc_barrier;
    printf("%d: %g %d\n", MYTHREAD, box[MYTHREAD * B + 2], m.seq);
    return 0;
}
