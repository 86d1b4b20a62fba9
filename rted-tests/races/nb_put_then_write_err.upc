/* upc-check-test
 * expect: data-race
 * line: 19 20
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: nb_put_then_write_err.upc:19 and nb_put_then_write_err.upc:20
 */
/* Thread 0 overwrites the target of its upc_memput_nb before upc_sync completes it */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

shared [8] int tgt[8 * THREADS];

int main(void)
{
    int src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    if (MYTHREAD == 0) {
        upc_handle_t h = upc_memput_nb(&tgt[8], src, sizeof src);
        tgt[9] = -1;
        upc_sync(h);
    }
    upc_barrier;
    if (MYTHREAD == 1) printf("%d\n", tgt[9]);
    return 0;
}
