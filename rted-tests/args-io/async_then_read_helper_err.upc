/* upc-check-test
 * expect: invalid-argument
 * line: async_then_read_helper_lib.upc:7
 * threads: 2 3 4
 * files: async_then_read_helper_lib.upc
 */
/* Error: an asynchronous write is started and a statistics helper in another file reads the file size back with a blocking read before the write is waited for */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

extern int first_value(upc_file_t *fd);

int main(void)
{
    int data[8], i, v;
    upc_file_t *fd;
    for (i = 0; i < 8; i++) data[i] = MYTHREAD * 8 + i;
    fd = upc_all_fopen("async_stats_err.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_TRUNC, 0, NULL);
    upc_all_fwrite_local_async(fd, data, sizeof(int), 8, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);

    v = first_value(fd);
    upc_all_fwait_async(fd);
    upc_all_fclose(fd);
    printf("thread %d: %d\n", MYTHREAD, v);
    return 0;
}
