/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * files: fsync_in_split_lib.upc
 */
/* Correct twin of fsync_in_split_err.upc: the helper is called after the wait */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

extern void save(upc_file_t *fd);

int main(void)
{
    int v = MYTHREAD;
    upc_file_t *fd = upc_all_fopen("fsync_in_split.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    upc_all_fseek(fd, MYTHREAD * sizeof(int), UPC_SEEK_SET);
    upc_all_fwrite_local(fd, &v, sizeof(int), 1, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_notify;
    upc_wait;
    save(fd);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("saved\n");
    return 0;
}
