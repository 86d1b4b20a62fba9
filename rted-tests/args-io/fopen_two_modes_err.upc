/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4
 */
/* Error: a 'read back' option adds UPC_RDONLY to flags that already hold UPC_WRONLY */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int read_back;

int main(void)
{
    int flags = UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE;
    upc_file_t *fd;
    if (MYTHREAD == 0) read_back = 1;
    upc_barrier;
    if (read_back) flags |= UPC_RDONLY;
    fd = upc_all_fopen("two_modes.dat", flags, 0, NULL);
    if (fd != NULL) upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("opened: %s\n", fd != NULL ? "yes" : "no");
    return 0;
}
