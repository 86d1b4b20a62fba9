/* upc-check-test
 * expect: data-race
 * line: 26 30
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: io_fread_out_nosync_err.upc:26 and io_fread_out_nosync_err.upc:30
 */
/* A file read collectively into a blocked shared buffer with UPC_OUT_NOSYNC: each thread then sums its right neighbour's block, which that neighbour's part of the read may still be filling */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

#define B 8
shared [B] int buf[B * THREADS];

int main(void)
{
    upc_file_t *fd;
    int i, right = (MYTHREAD + 1) % THREADS;
    long sum = 0;
    fd = upc_all_fopen("fread_out_nosync.dat", UPC_RDWR | UPC_COMMON_FP | UPC_CREATE, 0, NULL);
    upc_forall (i = 0; i < B * THREADS; i++; &buf[i])
        buf[i] = i;
    upc_all_fwrite_shared(fd, buf, B, sizeof(int), B * THREADS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fseek(fd, 0, UPC_SEEK_SET);
    upc_all_fread_shared(fd, buf, B, sizeof(int), B * THREADS,
                         UPC_IN_ALLSYNC | UPC_OUT_NOSYNC);
    /* missing: upc_barrier; */
    for (i = 0; i < B; i++)
        sum += buf[right * B + i];
    printf("thread %d: %ld\n", MYTHREAD, sum);
    upc_all_fclose(fd);
    return 0;
}
