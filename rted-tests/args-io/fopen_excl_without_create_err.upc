/* upc-check-test
 * expect: invalid-argument
 * line: 17
 * threads: 2 4
 */
/* Error: UPC_EXCL is given, but the create option read from shared data is off, so UPC_CREATE is missing */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int create;

int main(void)
{
    upc_file_t *fd;
    upc_barrier;
    fd = upc_all_fopen("excl.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_EXCL | (create ? UPC_CREATE : 0), 0, NULL);
    if (fd != NULL) upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("opened: %s\n", fd != NULL ? "yes" : "no");
    return 0;
}
