/* upc-check-test
 * expect: single-valued-mismatch
 * line: fcntl_hint_per_thread_lib.upc:14
 * threads: 2 4
 * files: fcntl_hint_per_thread_lib.upc
 * report: striping_unit
 */
/* Error: the striping hint is set with upc_all_fcntl(UPC_SET_HINT) from each thread's own staging buffer size, and thread 0, which aggregates, has a bigger one: the hint's value must be the same on every thread */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

#define PER_THREAD 4096

extern void tune_io(upc_file_t *fd, long buffer_bytes);

shared [PER_THREAD] char data[PER_THREAD * THREADS];

int main(void)
{
    upc_file_t *fd;
    long staging = PER_THREAD * (MYTHREAD == 0 ? THREADS : 1);
    int i;
    for (i = 0; i < PER_THREAD; i++)
        data[MYTHREAD * PER_THREAD + i] = 'a' + MYTHREAD % 26;
    fd = upc_all_fopen("fcntl_hint_per_thread.out", UPC_WRONLY | UPC_CREATE | UPC_TRUNC | UPC_COMMON_FP | UPC_DELETE_ON_CLOSE, 0, NULL);
    if (fd == NULL) {
        if (MYTHREAD == 0) printf("cannot open the output\n");
        return 1;
    }
    tune_io(fd, staging);
    upc_all_fwrite_shared(fd, data, PER_THREAD, 1, PER_THREAD * THREADS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("written\n");
    return 0;
}
