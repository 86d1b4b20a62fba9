/* upc-check-test
 * expect: invalid-argument
 * line: 21
 * threads: 2 4
 * value: offset = -16
 * value: origin = UPC_SEEK_CUR
 */
/* Error: to re-read its last two records each thread seeks back 16 bytes from the current position, but the file pointer is still at the start */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int records_read;

int main(void)
{
    double rec[2];
    upc_file_t *fd = upc_all_fopen("back.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    if (MYTHREAD == 0) records_read = 0;
    upc_barrier;
    upc_all_fseek(fd, -(upc_off_t) (2 - records_read) * (upc_off_t) sizeof(double), UPC_SEEK_CUR);
    upc_all_fread_local(fd, rec, sizeof(double), 2, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("read\n");
    return 0;
}
