/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of fwait_nothing_err.upc: the wait is only called when a write was started */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int pending_bytes;

int main(void)
{
    int rec = MYTHREAD;
    upc_off_t n = 0;
    upc_file_t *fd = upc_all_fopen("fwait.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    upc_barrier;
    if (pending_bytes > 0)
        upc_all_fwrite_local_async(fd, &rec, 1, pending_bytes, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    if (pending_bytes > 0) n = upc_all_fwait_async(fd);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("wrote %ld bytes\n", (long) n);
    return 0;
}
