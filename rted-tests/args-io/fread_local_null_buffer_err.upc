/* upc-check-test
 * expect: invalid-argument
 * line: 24
 * threads: 2 4
 */
/* Error: the read buffer is only allocated when a size read from shared data exceeds a threshold, so a NULL buffer is passed with a non-zero size */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>
#include <stdlib.h>

shared int nrec;

int main(void)
{
    int *buf = NULL, rec = MYTHREAD;
    upc_file_t *fd = upc_all_fopen("null_buf.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    upc_all_fseek(fd, MYTHREAD * sizeof(int), UPC_SEEK_SET);
    upc_all_fwrite_local(fd, &rec, sizeof(int), 1, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) nrec = 1;
    upc_barrier;
    if (nrec > 16) buf = malloc(nrec * sizeof(int));
    upc_all_fseek(fd, MYTHREAD * sizeof(int), UPC_SEEK_SET);
    upc_all_fread_local(fd, buf, sizeof(int), nrec, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fclose(fd);
    printf("thread %d: %d\n", MYTHREAD, buf[0]);
    free(buf);
    return 0;
}
