/* upc-check-test
 * expect: invalid-argument
 * line: 11
 * threads: 2 4
 */
/* Error: a flush helper called at the end syncs a handle that was already closed */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

void flush(upc_file_t *fd) { upc_all_fsync(fd); }

int main(void)
{
    int rec = MYTHREAD;
    upc_file_t *fd = upc_all_fopen("closed.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    upc_all_fseek(fd, MYTHREAD * sizeof(int), UPC_SEEK_SET);
    upc_all_fwrite_local(fd, &rec, sizeof(int), 1, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    flush(fd);
    if (MYTHREAD == 0) printf("done\n");
    return 0;
}
