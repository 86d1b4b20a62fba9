/* upc-check-test
 * expect: data-race
 * line: 29 31
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: nbi_put_source_reuse_err.upc:29 and nbi_put_source_reuse_err.upc:31
 */
/* Implicit-handle puts: the packing buffer of the first upc_memput_nbi is refilled for the
   second message before upc_synci has completed the first transfer. */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

#define M 8
shared [M] int mailbox[2 * M * THREADS];

static void pack(int *buf, int base)
{
    int k;
    for (k = 0; k < M; k++)
        buf[k] = base + k;
}

int main(void)
{
    int buf[M];
    int k, dest = (MYTHREAD + 1) % THREADS;
    pack(buf, 100 * MYTHREAD);
    upc_memput_nbi(&mailbox[2 * M * dest], buf, sizeof buf);
    for (k = 0; k < M; k++)
        buf[k] = 100 * MYTHREAD + 50 + k;
    upc_memput_nbi(&mailbox[2 * M * dest + M], buf, sizeof buf);
    upc_synci();
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, mailbox[2 * M * MYTHREAD]);
    return 0;
}
