/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of fwrite_shared_rdonly_err.upc: the checkpoint run opens the file for writing */
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
        mode = UPC_WRONLY;
    }
    upc_barrier;
    ckpt = upc_all_fopen("state.ckpt", mode | UPC_COMMON_FP, 0, NULL);
    upc_all_fwrite_shared(ckpt, state, 4, sizeof(int), 4 * THREADS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fclose(ckpt);
    return 0;
}
