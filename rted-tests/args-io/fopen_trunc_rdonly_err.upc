/* upc-check-test
 * expect: invalid-argument
 * line: 21
 * threads: 2 4
 */
/* Error: a 'fresh start' option adds UPC_TRUNC to a read-only open */
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
    if (fresh) flags |= UPC_TRUNC;
    fd = upc_all_fopen("trunc.dat", flags, 0, NULL);
    if (fd != NULL) upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("reopened\n");
    return 0;
}
