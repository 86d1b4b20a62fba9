/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4
 */
/* Error: the file is truncated through a handle that was opened read-only */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int mode;

int main(void)
{
    upc_file_t *fd = upc_all_fopen("ro_size.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) mode = UPC_RDONLY;
    upc_barrier;
    fd = upc_all_fopen("ro_size.dat", mode | UPC_INDIVIDUAL_FP, 0, NULL);
    upc_all_fset_size(fd, 0);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("truncated\n");
    return 0;
}
