/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4
 * value: offset = -8
 */
/* Error: the record index is MYTHREAD - 1, so thread 0 seeks to a negative position */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int first_record;

int main(void)
{
    double rec = MYTHREAD;
    upc_file_t *fd = upc_all_fopen("negative.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    if (MYTHREAD == 0) first_record = -1;
    upc_barrier;
    upc_all_fseek(fd, (upc_off_t) (MYTHREAD + first_record) * (upc_off_t) sizeof(double), UPC_SEEK_SET);
    upc_all_fwrite_local(fd, &rec, sizeof(double), 1, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("written\n");
    return 0;
}
