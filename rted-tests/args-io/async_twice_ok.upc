/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of async_twice_err.upc: the first write is completed before the second is started */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int parts;

int main(void)
{
    int a = MYTHREAD, b = -MYTHREAD, p;
    upc_file_t *fd = upc_all_fopen("async_twice.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    if (MYTHREAD == 0) parts = 2;
    upc_barrier;
    upc_all_fseek(fd, MYTHREAD * 2 * sizeof(int), UPC_SEEK_SET);
    for (p = 0; p < parts; p++) {
        upc_all_fwrite_local_async(fd, p == 0 ? &a : &b, sizeof(int), 1, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
        upc_all_fwait_async(fd);
    }
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("written\n");
    return 0;
}
