/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of io_fread_async_early_err.upc: the record is inspected after upc_all_fwait_async */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

typedef struct { int id; float x, y; } rec_t;
#define R 4
shared [R] rec_t recs[R * THREADS];

int main(void)
{
    upc_file_t *fd;
    int i, first = -1;
    fd = upc_all_fopen("records_async.dat", UPC_RDWR | UPC_COMMON_FP | UPC_CREATE, 0, NULL);
    upc_forall (i = 0; i < R * THREADS; i++; &recs[i]) {
        recs[i].id = i; recs[i].x = i * 0.5f; recs[i].y = -i;
    }
    upc_all_fwrite_shared(fd, recs, R, sizeof(rec_t), R * THREADS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fseek(fd, 0, UPC_SEEK_SET);
    upc_all_fread_shared_async(fd, recs, R, sizeof(rec_t), R * THREADS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fwait_async(fd);
    if (MYTHREAD == 0)
        first = recs[0].id;
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("first record %d\n", first);
    return 0;
}
