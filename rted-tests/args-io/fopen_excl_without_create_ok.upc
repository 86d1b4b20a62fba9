/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of fopen_excl_without_create_err.upc: the create option is on */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int create;

int main(void)
{
    upc_file_t *fd;
    if (MYTHREAD == 0) create = 1;
    upc_barrier;
    fd = upc_all_fopen("excl.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_EXCL | (create ? UPC_CREATE : 0), 0, NULL);
    if (fd != NULL) upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("opened: %s\n", fd != NULL ? "yes" : "no");
    return 0;
}
