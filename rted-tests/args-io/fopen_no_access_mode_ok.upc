/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of fopen_no_access_mode_err.upc: the configured access mode is UPC_WRONLY */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int access_mode;

int main(void)
{
    upc_file_t *fd;
    if (MYTHREAD == 0) access_mode = UPC_WRONLY;
    upc_barrier;
    fd = upc_all_fopen("no_access_mode.dat", access_mode | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    if (fd != NULL) upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("opened: %s\n", fd != NULL ? "yes" : "no");
    return 0;
}
