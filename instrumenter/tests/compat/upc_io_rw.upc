/* UPC-IO: every thread writes its slice of a file with individual file pointers,
   then the file is read back into a blocked shared array through the common
   file pointer. */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#define PER 8

shared [PER] double back[PER*THREADS];
shared int ok[THREADS];

int main(void)
{
    upc_file_t *fd;
    double buf[PER];
    char fname[64];
    int i;
    upc_off_t n;

    strcpy(fname, "upc_io_rw.dat");
    for (i = 0; i < PER; i++)
        buf[i] = MYTHREAD * 100.0 + i;

    fd = upc_all_fopen(fname, UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_TRUNC, 0, NULL);
    if (fd == NULL) {
        if (MYTHREAD == 0)
            fprintf(stderr, "upc_all_fopen failed: %s\n", strerror(errno));
        upc_global_exit(1);
    }
    upc_all_fseek(fd, (upc_off_t) MYTHREAD * PER * sizeof(double), UPC_SEEK_SET);
    n = upc_all_fwrite_local(fd, buf, sizeof(double), PER, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    ok[MYTHREAD] = (n == (upc_off_t) (PER * sizeof(double)));
    upc_all_fclose(fd);

    fd = upc_all_fopen(fname, UPC_RDONLY | UPC_COMMON_FP | UPC_DELETE_ON_CLOSE, 0, NULL);
    if (fd == NULL)
        upc_global_exit(1);
    if (upc_all_fget_size(fd) != (upc_off_t) (PER * THREADS * sizeof(double)))
        ok[MYTHREAD] = 0;
    n = upc_all_fread_shared(fd, back, upc_blocksizeof(back), upc_elemsizeof(back), PER * THREADS,
                             UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (n != (upc_off_t) (PER * THREADS * sizeof(double)))
        ok[MYTHREAD] = 0;
    upc_all_fclose(fd);

    for (i = 0; i < PER; i++)
        if (back[MYTHREAD * PER + i] != MYTHREAD * 100.0 + i)
            ok[MYTHREAD] = 0;
    upc_barrier;
    if (MYTHREAD == 0) {
        int good = 1;
        FILE *f;
        for (i = 0; i < THREADS; i++)
            good = good && ok[i];
        f = fopen(fname, "r");
        printf("UPC-IO round trip: %s\n", good ? "ok" : "FAILED");
        printf("file removed on close: %s\n", f == NULL ? "yes" : "no");
        if (f)
            fclose(f);
    }
    return 0;
}
