/* upc-check-test
 * expect: single-valued-mismatch
 * line: 18
 * threads: 2 4
 */
/* Error: with a common file pointer, each thread seeks to its own record, so the offset differs between threads */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int per_thread;

int main(void)
{
    upc_file_t *fd = upc_all_fopen("common_seek.dat", UPC_RDWR | UPC_COMMON_FP | UPC_CREATE, 0, NULL);
    if (MYTHREAD == 0) per_thread = 1;
    upc_barrier;
    upc_all_fseek(fd, per_thread ? MYTHREAD * 8 : 0, UPC_SEEK_SET);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("closed\n");
    return 0;
}
