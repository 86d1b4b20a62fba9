/* upc-check-test
 * expect: split-barrier
 * line: fsync_in_split_lib.upc:7
 * threads: 2 4 8
 * files: fsync_in_split_lib.upc
 */
/* Error: a helper in another file calls upc_all_fsync, and it is called between upc_notify and upc_wait */
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
    save(fd);
    upc_wait;
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("saved\n");
    return 0;
}
