/* upc-check-test
 * expect: invalid-argument
 * line: 25
 * threads: 2 4 8
 * value: nmemb = 10
 * report: private buffer too small: the declared array holds 16 bytes from there, but 40 bytes are transferred
 */
/* Error: every thread reads the record count of the file header into an array sized for fewer records */
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
    n = records;
    fd = upc_all_fopen("fread_small_array.dat", UPC_RDWR | UPC_CREATE | UPC_INDIVIDUAL_FP, 0, NULL);
    upc_all_fread_local(fd, buf, sizeof(int), n, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    printf("thread %d: read\n", MYTHREAD);
    return 0;
}
