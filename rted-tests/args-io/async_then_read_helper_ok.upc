/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * files: async_then_read_helper_lib.upc
 */
/* Correct twin: the asynchronous write is completed with upc_all_fwait_async before the helper runs */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

extern int first_value(upc_file_t *fd);

int main(void)
{
    int data[8], i, v;
    upc_file_t *fd;
    for (i = 0; i < 8; i++) data[i] = MYTHREAD * 8 + i;
    fd = upc_all_fopen("async_stats_ok.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_TRUNC, 0, NULL);
    upc_all_fwrite_local_async(fd, data, sizeof(int), 8, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fwait_async(fd);
    v = first_value(fd);

    upc_all_fclose(fd);
    printf("thread %d: %d\n", MYTHREAD, v);
    return 0;
}
