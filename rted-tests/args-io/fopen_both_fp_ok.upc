/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of fopen_both_fp_err.upc: the option replaces the file-pointer kind */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int shared_log;

int main(void)
{
    int flags = UPC_WRONLY | UPC_CREATE | UPC_INDIVIDUAL_FP;
    upc_file_t *fd;
    if (MYTHREAD == 0) shared_log = 1;
    upc_barrier;
    if (shared_log) flags = UPC_WRONLY | UPC_CREATE | UPC_COMMON_FP;
    fd = upc_all_fopen("both_fp.dat", flags, 0, NULL);
    if (fd != NULL) upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("opened: %s\n", fd != NULL ? "yes" : "no");
    return 0;
}
