/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of nbi_put_source_reuse_err.upc: upc_synci completes the first put before its
   buffer is refilled for the second. */
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
    upc_synci();
    for (k = 0; k < M; k++)
        buf[k] = 100 * MYTHREAD + 50 + k;
    upc_memput_nbi(&mailbox[2 * M * dest + M], buf, sizeof buf);
    upc_synci();
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, mailbox[2 * M * MYTHREAD]);
    return 0;
}
