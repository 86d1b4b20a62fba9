/* upc-check-test
 * expect: invalid-argument
 * line: 17
 * threads: 2 3 4
 */
/* Error: a double-buffered writer starts an asynchronous write per buffer in a loop and waits only every second iteration, so the second upc_all_fwrite_local_async starts while the first is outstanding */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

int main(void)
{
    int buf[2][16], it, i;
    upc_file_t *fd = upc_all_fopen("dbuf_err.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_TRUNC, 0, NULL);
    for (it = 0; it < 4; it++) {
        for (i = 0; i < 16; i++) buf[it % 2][i] = it * 16 + i;
        upc_all_fwrite_local_async(fd, buf[it % 2], sizeof(int), 16, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        if (it % 2 == 1)
            upc_all_fwait_async(fd);
    }
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("written\n");
    return 0;
}
