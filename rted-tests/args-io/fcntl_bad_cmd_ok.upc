/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of fcntl_bad_cmd_err.upc: the command is UPC_GET_FP */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int query;

int main(void)
{
    int r;
    upc_file_t *fd = upc_all_fopen("fcntl.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    if (MYTHREAD == 0) query = UPC_GET_FP;
    upc_barrier;
    r = upc_all_fcntl(fd, query, NULL);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("fcntl = %d\n", r);
    return 0;
}
