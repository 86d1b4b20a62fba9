/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of fwrite_readonly_err.upc: the file is reopened read-write */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int reopen_flags;

int main(void)
{
    int rec = MYTHREAD;
    upc_file_t *fd = upc_all_fopen("readonly.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) reopen_flags = UPC_RDWR | UPC_INDIVIDUAL_FP;
    upc_barrier;
    fd = upc_all_fopen("readonly.dat", reopen_flags, 0, NULL);
    upc_all_fseek(fd, MYTHREAD * sizeof(int), UPC_SEEK_SET);
    upc_all_fwrite_local(fd, &rec, sizeof(int), 1, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("written\n");
    return 0;
}
