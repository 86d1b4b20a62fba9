/* upc-check-test
 * expect: single-valued-mismatch
 * line: 19
 * threads: 2 4 8
 * value: fname = "part_
 * report: fname must be the same string on every thread
 */
/* Error: each thread builds the file name from its own thread number, so the threads open different files in one collective upc_all_fopen */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

int main(void)
{
    upc_file_t *fd;
    char name[64];
    double rec = MYTHREAD;
    sprintf(name, "part_%d.dat", MYTHREAD);
    fd = upc_all_fopen(name, UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    upc_all_fseek(fd, MYTHREAD * (upc_off_t) sizeof(double), UPC_SEEK_SET);
    upc_all_fwrite_local(fd, &rec, sizeof(double), 1, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("written\n");
    return 0;
}
