/* upc-check-test
 * expect: data-race
 * line: 24 26
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: io_fwrite_async_err.upc:24 and io_fwrite_async_err.upc:26
 */
/* Checkpointing with an asynchronous write: thread 0 starts the next step's update of the
   shared state while upc_all_fwrite_shared_async may still be reading it */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

#define B 4
shared [B] double state[B * THREADS];

int main(void)
{
    int i;
    upc_file_t *fd = upc_all_fopen("ckpt_async.dat", UPC_WRONLY | UPC_COMMON_FP | UPC_CREATE, 0, NULL);
    upc_forall (i = 0; i < B * THREADS; i++; &state[i])
        state[i] = 0.5 * i;
    upc_barrier;
    upc_all_fwrite_shared_async(fd, state, B, sizeof(double), B * THREADS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        state[B * THREADS - 1] += 1.0;          /* next step, too early */
    upc_all_fwait_async(fd);
    upc_all_fclose(fd);
    return 0;
}
