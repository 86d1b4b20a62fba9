/* upc-check-test
 * expect: single-valued-mismatch
 * line: 22
 * threads: 2 4
 */
/* Error: with a common file pointer, the last thread asks upc_all_fread_shared for fewer elements than the others */
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
    want[MYTHREAD] = (MYTHREAD == THREADS - 1) ? N : N * THREADS;
    upc_barrier;
    upc_all_fread_shared(fd, data, N, sizeof(int), want[MYTHREAD], UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("read back\n");
    return 0;
}
