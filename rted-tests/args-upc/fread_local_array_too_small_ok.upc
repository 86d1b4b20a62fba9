/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of fread_local_array_too_small_err.upc: the read is limited to the array length */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int records;

int main(void)
{
    int buf[4];
    upc_file_t *fd;
    size_t n;
    if (MYTHREAD == 0)
        records = 10;
    upc_barrier;
    n = records < 4 ? records : 4;
    fd = upc_all_fopen("fread_small_array.dat", UPC_RDWR | UPC_CREATE | UPC_INDIVIDUAL_FP, 0, NULL);
    upc_all_fread_local(fd, buf, sizeof(int), n, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    printf("thread %d: read\n", MYTHREAD);
    return 0;
}
