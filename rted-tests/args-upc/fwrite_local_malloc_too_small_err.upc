/* upc-check-test
 * expect: invalid-argument
 * line: 27
 * threads: 2 4 8
 * value: nmemb = 64
 * report: private buffer too small: its malloc block holds
 * report: but 512 bytes are transferred
 */
/* Error: the output buffer is malloc'ed for the items this thread owns, but upc_all_fwrite_local writes the total count from it */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>
#include <stdlib.h>

#define TOTAL 64

int main(void)
{
    double *out;
    upc_file_t *fd;
    size_t mine = TOTAL / 16, i;
    out = malloc(mine * sizeof(double));
    for (i = 0; i < mine; i++)
        out[i] = MYTHREAD + i;
    fd = upc_all_fopen("fwrite_small_malloc.dat", UPC_WRONLY | UPC_CREATE | UPC_TRUNC | UPC_INDIVIDUAL_FP, 0, NULL);
    upc_all_fseek(fd, MYTHREAD * TOTAL * sizeof(double), UPC_SEEK_SET);
    upc_all_fwrite_local(fd, out, sizeof(double), TOTAL, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    free(out);
    return 0;
}
