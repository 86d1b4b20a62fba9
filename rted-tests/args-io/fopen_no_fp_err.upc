/* upc-check-test
 * expect: invalid-argument
 * line: 17
 * threads: 2 4
 */
/* Error: the file-pointer kind is taken from a shared setting that was never set, so neither UPC_COMMON_FP nor UPC_INDIVIDUAL_FP is given */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int fp_kind;

int main(void)
{
    upc_file_t *fd;
    upc_barrier;
    fd = upc_all_fopen("no_fp.dat", UPC_WRONLY | UPC_CREATE | fp_kind, 0, NULL);
    if (fd != NULL) upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("opened: %s\n", fd != NULL ? "yes" : "no");
    return 0;
}
