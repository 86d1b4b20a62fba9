/* upc-check-test
 * expect: single-valued-mismatch
 * line: 25
 * threads: 2 4 8
 * report: hints must hold the same hints (keys and values) on every thread
 * report: {"access_style"="read_once"}
 * report: {"access_style"="write_mostly"}
 */
/* Error: the access-style hint is chosen from a per-thread role, so thread 0 passes a different hint value than the others to the collective upc_all_fopen */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int writer[THREADS];

int main(void)
{
    upc_file_t *fd;
    struct upc_hint hint;
    double rec = MYTHREAD;
    writer[MYTHREAD] = (MYTHREAD == 0);
    upc_barrier;
    hint.key = "access_style";
    hint.value = writer[MYTHREAD] ? "write_mostly" : "read_once";
    fd = upc_all_fopen("hinted.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE, 1, &hint);
    upc_all_fwrite_local(fd, &rec, sizeof(double), 1, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("written\n");
    return 0;
}
