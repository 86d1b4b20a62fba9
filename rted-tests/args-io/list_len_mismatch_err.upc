/* upc-check-test
 * expect: invalid-argument
 * line: 25
 * threads: 2 4
 */
/* Error: the memory vector covers 2 ints but the file vector covers 3, so the total lengths differ */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int file_ints;

int main(void)
{
    int buf[3] = {1, 2, 3};
    struct upc_local_memvec mv;
    struct upc_filevec fv;
    upc_file_t *fd = upc_all_fopen("list_len.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    if (MYTHREAD == 0) file_ints = 3;
    upc_barrier;
    mv.baseaddr = buf;
    mv.len = 2 * sizeof(int);
    fv.offset = MYTHREAD * 4 * sizeof(int);
    fv.len = file_ints * sizeof(int);
    upc_all_fwrite_list_local(fd, 1, &mv, 1, &fv, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("written\n");
    return 0;
}
