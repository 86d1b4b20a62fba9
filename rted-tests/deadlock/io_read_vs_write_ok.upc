/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of io_read_vs_write_err.upc: every thread writes */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int reader[THREADS];

int main(void)
{
    int buf[4] = {1, 2, 3, 4};
    upc_file_t *fd;
    reader[MYTHREAD] = 0;
    upc_barrier;
    fd = upc_all_fopen("io_read_vs_write.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    upc_all_fseek(fd, MYTHREAD * sizeof(buf), UPC_SEEK_SET);
    if (reader[MYTHREAD])
        upc_all_fread_local(fd, buf, sizeof(int), 4, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    else
        upc_all_fwrite_local(fd, buf, sizeof(int), 4, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("written\n");
    return 0;
}
