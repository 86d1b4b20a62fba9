/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of fread_after_close_err.upc: summary mode skips the record loop */
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
    int header, got[2] = { 0, 0 };
    upc_file_t *fd = upc_all_fopen("records.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    upc_all_fseek(fd, MYTHREAD * sizeof(rec), UPC_SEEK_SET);
    upc_all_fwrite_local(fd, rec, sizeof(int), 2, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0)
        summary_only = 1;
    upc_barrier;
    fd = open_input("records.dat");
    upc_all_fread_local(fd, &header, sizeof(int), 1, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    if (!summary_only)
        upc_all_fread_local(fd, got, sizeof(int), 2, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    printf("thread %d: %d %d\n", MYTHREAD, got[0], got[1]);
    return 0;
}
