/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of fseek_async_outstanding_err.upc: the prefetch completes before the seek */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int stride;

int main(void)
{
    int rec[4] = { MYTHREAD, 1, 2, 3 };
    int next[4];
    upc_file_t *fd = upc_all_fopen("prefetch.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    upc_all_fseek(fd, MYTHREAD * sizeof(rec), UPC_SEEK_SET);
    upc_all_fwrite_local(fd, rec, sizeof(int), 4, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    if (MYTHREAD == 0)
        stride = 2;
    upc_barrier;
    upc_all_fseek(fd, MYTHREAD * sizeof(rec), UPC_SEEK_SET);
    upc_all_fread_local_async(fd, next, sizeof(int), 4, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fwait_async(fd);
    upc_all_fseek(fd, stride * sizeof(int), UPC_SEEK_CUR);
    upc_all_fclose(fd);
    printf("thread %d: %d\n", MYTHREAD, next[0]);
    return 0;
}
