/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * stdout: written
 */
/* Correct twin of fopen_name_sv_err.upc: every thread builds the same file name (in its own buffer) and writes at its own offset */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

int main(void)
{
    upc_file_t *fd;
    char name[64];
    double rec = MYTHREAD;
    sprintf(name, "part_of_%d.dat", THREADS);
    fd = upc_all_fopen(name, UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    upc_all_fseek(fd, MYTHREAD * (upc_off_t) sizeof(double), UPC_SEEK_SET);
    upc_all_fwrite_local(fd, &rec, sizeof(double), 1, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("written\n");
    return 0;
}
