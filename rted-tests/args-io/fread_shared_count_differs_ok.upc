/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 */
/* Correct twin: the record count is read from the shared header by every thread */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

#define NREC 8
shared [NREC] int recs[NREC * THREADS];
shared int header;

int main(void)
{
    int n, w[NREC * 4], i;
    upc_file_t *fd;
    for (i = 0; i < NREC * 4; i++) w[i] = i;
    fd = upc_all_fopen("frs_ok.dat", UPC_RDWR | UPC_COMMON_FP | UPC_CREATE | UPC_TRUNC, 0, NULL);
    if (MYTHREAD == 0) header = NREC;
    upc_barrier;
    upc_all_fwrite_shared(fd, recs, NREC, sizeof(int), NREC * THREADS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fseek(fd, 0, UPC_SEEK_SET);
    n = header;

    upc_all_fread_shared(fd, recs, NREC, sizeof(int), n, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("read %d\n", recs[1]);
    (void) w;
    return 0;
}
