/* upc-check-test
 * expect: invalid-argument
 * line: 28
 * threads: 2 4
 */
/* Error: the file vector lists its two regions in decreasing offset order (the order comes from shared data) */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int reversed;

int main(void)
{
    int buf[2] = {MYTHREAD, -MYTHREAD};
    struct upc_local_memvec mv;
    struct upc_filevec fv[2];
    upc_off_t base = MYTHREAD * 4 * sizeof(int);
    upc_file_t *fd = upc_all_fopen("list_order.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    if (MYTHREAD == 0) reversed = 1;
    upc_barrier;
    mv.baseaddr = buf;
    mv.len = sizeof(buf);
    fv[0].offset = base + (reversed ? 2 : 0) * sizeof(int);
    fv[0].len = sizeof(int);
    fv[1].offset = base + (reversed ? 0 : 2) * sizeof(int);
    fv[1].len = sizeof(int);
    upc_all_fwrite_list_local(fd, 1, &mv, 2, fv, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("written\n");
    return 0;
}
