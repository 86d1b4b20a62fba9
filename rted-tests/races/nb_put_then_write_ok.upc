/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of nb_put_then_write_err.upc: the write comes after upc_sync */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

shared [8] int tgt[8 * THREADS];

int main(void)
{
    int src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    if (MYTHREAD == 0) {
        upc_handle_t h = upc_memput_nb(&tgt[8], src, sizeof src);
        upc_sync(h);
        tgt[9] = -1;
    }
    upc_barrier;
    if (MYTHREAD == 1) printf("%d\n", tgt[9]);
    return 0;
}
