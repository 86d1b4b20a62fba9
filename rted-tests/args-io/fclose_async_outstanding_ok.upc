/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of fclose_async_outstanding_err.upc: the write is waited for before the close */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int quick;

int main(void)
{
    int rec = MYTHREAD;
    upc_file_t *fd = upc_all_fopen("async_close.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    if (MYTHREAD == 0) quick = 0;
    upc_barrier;
    upc_all_fseek(fd, MYTHREAD * sizeof(int), UPC_SEEK_SET);
    upc_all_fwrite_local_async(fd, &rec, sizeof(int), 1, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    if (!quick) upc_all_fwait_async(fd);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("closed\n");
    return 0;
}
