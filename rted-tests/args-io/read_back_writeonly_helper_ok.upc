/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 */
/* Correct twin: the checkpoint is opened UPC_RDWR, so the verification read is allowed */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

#define CK_SAVE UPC_RDWR

static upc_file_t *open_ck(const char *name, int mode)
{
    return upc_all_fopen(name, mode | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_TRUNC, 0, NULL);
}

int main(void)
{
    double state[4] = {1, 2, 3, 4}, back[4];
    upc_file_t *fd = open_ck("ckpt_ok.dat", CK_SAVE);
    upc_all_fseek(fd, MYTHREAD * sizeof state, UPC_SEEK_SET);
    upc_all_fwrite_local(fd, state, sizeof(double), 4, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fseek(fd, MYTHREAD * sizeof state, UPC_SEEK_SET);
    upc_all_fread_local(fd, back, sizeof(double), 4, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("verified %g\n", back[3]);
    return 0;
}
