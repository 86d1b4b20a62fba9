/* upc-check-test
 * expect: data-race
 * line: 25 26
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: nb_put_struct_source_err.upc:25 and nb_put_struct_source_err.upc:26
 */
/* upc_memput_nb from a member of a private structure: the structure's member is changed
   before upc_sync, while the transfer may still be reading it. */
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
    m.payload[2] = -1;
    upc_sync(h);
    upc_barrier;
    printf("%d: %g\n", MYTHREAD, box[MYTHREAD * B + 2]);
    return 0;
}
