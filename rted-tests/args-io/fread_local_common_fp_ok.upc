/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of fread_local_common_fp_err.upc: the file is opened with individual file pointers */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int use_common;

int main(void)
{
    int buf[2] = {0, 0};
    upc_file_t *fd;
    if (MYTHREAD == 0) use_common = 0;
    upc_barrier;
    fd = upc_all_fopen("common_fp.dat", UPC_RDWR | UPC_CREATE | (use_common ? UPC_COMMON_FP : UPC_INDIVIDUAL_FP), 0, NULL);
    upc_all_fread_local(fd, buf, sizeof(int), 2, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    printf("thread %d: %d\n", MYTHREAD, buf[0]);
    return 0;
}
