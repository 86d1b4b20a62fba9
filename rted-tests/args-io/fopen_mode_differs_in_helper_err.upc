/* upc-check-test
 * expect: single-valued-mismatch
 * line: 17
 * threads: 2 3 4
 */
/* Error: a log opener builds the open flags from a per-thread append setting; the last thread adds UPC_APPEND, so the flags of upc_all_fopen differ */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int append[THREADS];

static upc_file_t *open_log(int app)
{
    int fl = UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE;
    if (app) fl |= UPC_APPEND;
    return upc_all_fopen("applog_err.dat", fl, 0, NULL);
}

int main(void)
{
    upc_file_t *fd;
    append[MYTHREAD] = (MYTHREAD == THREADS - 1);
    upc_barrier;
    fd = open_log(append[MYTHREAD]);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("opened\n");
    return 0;
}
