/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of fopen_trunc_rdonly_err.upc: the file is opened for writing when it is truncated */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int fresh;

int main(void)
{
    int flags = UPC_RDONLY | UPC_INDIVIDUAL_FP;
    upc_file_t *fd = upc_all_fopen("trunc.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) fresh = 1;
    upc_barrier;
    if (fresh) flags = UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_TRUNC;
    fd = upc_all_fopen("trunc.dat", flags, 0, NULL);
    if (fd != NULL) upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("reopened\n");
    return 0;
}
