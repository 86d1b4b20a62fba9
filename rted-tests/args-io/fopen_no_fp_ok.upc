/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of fopen_no_fp_err.upc: the setting is initialized to UPC_INDIVIDUAL_FP */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int fp_kind;

int main(void)
{
    upc_file_t *fd;
    if (MYTHREAD == 0) fp_kind = UPC_INDIVIDUAL_FP;
    upc_barrier;
    fd = upc_all_fopen("no_fp.dat", UPC_WRONLY | UPC_CREATE | fp_kind, 0, NULL);
    if (fd != NULL) upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("opened: %s\n", fd != NULL ? "yes" : "no");
    return 0;
}
