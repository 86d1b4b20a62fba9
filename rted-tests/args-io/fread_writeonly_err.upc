/* upc-check-test
 * expect: invalid-argument
 * line: 23
 * threads: 2 4
 */
/* Error: a file opened write-only is read back before it is closed */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int verify;

int main(void)
{
    int rec = MYTHREAD * 3, back = -1;
    upc_file_t *fd = upc_all_fopen("writeonly.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    if (MYTHREAD == 0) verify = 1;
    upc_barrier;
    upc_all_fseek(fd, MYTHREAD * sizeof(int), UPC_SEEK_SET);
    upc_all_fwrite_local(fd, &rec, sizeof(int), 1, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (verify) {
        upc_all_fseek(fd, MYTHREAD * sizeof(int), UPC_SEEK_SET);
        upc_all_fread_local(fd, &back, sizeof(int), 1, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    }
    upc_all_fclose(fd);
    printf("thread %d: read back %d\n", MYTHREAD, back);
    return 0;
}
