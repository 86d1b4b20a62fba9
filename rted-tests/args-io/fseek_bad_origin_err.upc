/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4
 * value: origin = 0
 */
/* Error: the seek origin comes from a table indexed by a shared mode, and that entry is 0, not one of the three origins */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

int origins[4] = { UPC_SEEK_SET, UPC_SEEK_CUR, UPC_SEEK_END, 0 };
shared int mode;

int main(void)
{
    upc_file_t *fd = upc_all_fopen("bad_origin.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    if (MYTHREAD == 0) mode = 3;
    upc_barrier;
    upc_all_fseek(fd, MYTHREAD * sizeof(int), origins[mode]);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("closed\n");
    return 0;
}
