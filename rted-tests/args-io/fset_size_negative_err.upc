/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4
 */
/* Error: the new file size is computed as records minus a header that is larger than the file, giving a negative size */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int header_bytes;

int main(void)
{
    upc_off_t size;
    upc_file_t *fd = upc_all_fopen("set_size.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    if (MYTHREAD == 0) header_bytes = 4096;
    upc_barrier;
    size = (upc_off_t) (THREADS * 16) - header_bytes;
    upc_all_fset_size(fd, size);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("size = %ld\n", (long) size);
    return 0;
}
