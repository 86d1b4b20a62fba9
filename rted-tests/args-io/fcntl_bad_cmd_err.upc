/* upc-check-test
 * expect: invalid-argument
 * line: 19
 * threads: 2 4
 */
/* Error: the fcntl command is computed as the next command after UPC_ASYNC_OUTSTANDING, which does not exist */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int query;

int main(void)
{
    int r;
    upc_file_t *fd = upc_all_fopen("fcntl.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    if (MYTHREAD == 0) query = UPC_ASYNC_OUTSTANDING << 1;
    upc_barrier;
    r = upc_all_fcntl(fd, query, NULL);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("fcntl = %d\n", r);
    return 0;
}
