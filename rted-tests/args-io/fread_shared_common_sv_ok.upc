/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of fread_shared_common_sv_err.upc: every thread asks for the same number of elements */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

#define N 4
shared [N] int data[N * THREADS];
shared int want[THREADS];

int main(void)
{
    upc_file_t *fd = upc_all_fopen("common_sv.dat", UPC_RDWR | UPC_COMMON_FP | UPC_CREATE, 0, NULL);
    upc_all_fwrite_shared(fd, data, N, sizeof(int), N * THREADS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fseek(fd, 0, UPC_SEEK_SET);
    want[MYTHREAD] = N * THREADS;
    upc_barrier;
    upc_all_fread_shared(fd, data, N, sizeof(int), want[MYTHREAD], UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("read back\n");
    return 0;
}
