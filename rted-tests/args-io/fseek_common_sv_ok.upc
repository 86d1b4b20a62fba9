/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of fseek_common_sv_err.upc: every thread seeks to the same offset */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int per_thread;

int main(void)
{
    upc_file_t *fd = upc_all_fopen("common_seek.dat", UPC_RDWR | UPC_COMMON_FP | UPC_CREATE, 0, NULL);
    if (MYTHREAD == 0) per_thread = 0;
    upc_barrier;
    upc_all_fseek(fd, per_thread ? MYTHREAD * 8 : 0, UPC_SEEK_SET);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("closed\n");
    return 0;
}
