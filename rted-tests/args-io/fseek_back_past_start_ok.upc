/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of fseek_back_past_start_err.upc: the thread seeks back only over the records it has read */
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
    upc_all_fseek(fd, -(upc_off_t) records_read * (upc_off_t) sizeof(double), UPC_SEEK_CUR);
    upc_all_fread_local(fd, rec, sizeof(double), 2, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("read\n");
    return 0;
}
