/* upc-check-test
 * expect: invalid-argument
 * line: 28
 * threads: 2 4 8
 * report: the file was opened read-only (UPC_RDONLY) at fwrite_shared_rdonly_err.upc:27 by upc_all_fopen
 */
/* Error: the checkpoint file is opened with the mode of the restart run (read-only), then the checkpoint is written into it */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int mode;
shared [4] int state[4 * THREADS];

int main(void)
{
    upc_file_t *ckpt;
    int i;
    for (i = 0; i < 4; i++)
        state[MYTHREAD * 4 + i] = MYTHREAD + i;
    if (MYTHREAD == 0) {
        FILE *f = fopen("state.ckpt", "w");
        if (f) fclose(f);
        mode = UPC_RDONLY;
    }
    upc_barrier;
    ckpt = upc_all_fopen("state.ckpt", mode | UPC_COMMON_FP, 0, NULL);
    upc_all_fwrite_shared(ckpt, state, 4, sizeof(int), 4 * THREADS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fclose(ckpt);
    return 0;
}
