/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of io_fread_out_nosync_err.upc: a barrier after the read, before touching the neighbour's block */
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
    fd = upc_all_fopen("fread_out_nosync_ok.dat", UPC_RDWR | UPC_COMMON_FP | UPC_CREATE, 0, NULL);
    upc_forall (i = 0; i < B * THREADS; i++; &buf[i])
        buf[i] = i;
    upc_all_fwrite_shared(fd, buf, B, sizeof(int), B * THREADS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fseek(fd, 0, UPC_SEEK_SET);
    upc_all_fread_shared(fd, buf, B, sizeof(int), B * THREADS,
                         UPC_IN_ALLSYNC | UPC_OUT_NOSYNC);
    upc_barrier;
    for (i = 0; i < B; i++)
        sum += buf[right * B + i];
    printf("thread %d: %ld\n", MYTHREAD, sum);
    upc_all_fclose(fd);
    return 0;
}
