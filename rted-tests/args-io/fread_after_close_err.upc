/* upc-check-test
 * expect: invalid-argument
 * line: 35
 * threads: 2 4 8
 * report: the file was closed at fread_after_close_err.upc:34 by upc_all_fclose
 * report: the file was opened read-only (UPC_RDONLY) at fread_after_close_err.upc:17 by upc_all_fopen
 */
/* Error: in summary mode the input is closed after the header, but the record loop still reads from it */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int summary_only;

upc_file_t *open_input(const char *name)
{
    return upc_all_fopen(name, UPC_RDONLY | UPC_INDIVIDUAL_FP, 0, NULL);
}

int main(void)
{
    int rec[2] = { MYTHREAD, MYTHREAD * MYTHREAD };
    int header, got[2];
    upc_file_t *fd = upc_all_fopen("records.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    upc_all_fseek(fd, MYTHREAD * sizeof(rec), UPC_SEEK_SET);
    upc_all_fwrite_local(fd, rec, sizeof(int), 2, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0)
        summary_only = 1;
    upc_barrier;
    fd = open_input("records.dat");
    upc_all_fread_local(fd, &header, sizeof(int), 1, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    if (summary_only)
        upc_all_fclose(fd);
    upc_all_fread_local(fd, got, sizeof(int), 2, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    printf("thread %d: %d %d\n", MYTHREAD, got[0], got[1]);
    return 0;
}
