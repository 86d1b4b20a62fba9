/* upc-check-test
 * expect: invalid-argument
 * line: 17
 * threads: 2 4
 */
/* Error: the open flags are built from a configured access mode that is 0, so neither UPC_RDONLY, UPC_WRONLY nor UPC_RDWR is given */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int access_mode;

int main(void)
{
    upc_file_t *fd;
    upc_barrier;
    fd = upc_all_fopen("no_access_mode.dat", access_mode | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    if (fd != NULL) upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("opened: %s\n", fd != NULL ? "yes" : "no");
    return 0;
}
