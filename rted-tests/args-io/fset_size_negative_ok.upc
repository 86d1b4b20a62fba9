/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of fset_size_negative_err.upc: the header is smaller than the records */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int header_bytes;

int main(void)
{
    upc_off_t size;
    upc_file_t *fd = upc_all_fopen("set_size.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    if (MYTHREAD == 0) header_bytes = 16;
    upc_barrier;
    size = (upc_off_t) (THREADS * 16) - header_bytes;
    upc_all_fset_size(fd, size);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("size = %ld\n", (long) size);
    return 0;
}
