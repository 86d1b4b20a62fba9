/* upc-check-test
 * expect: invalid-argument
 * line: 31
 * threads: 2 4 8
 * report: the file was closed at fclose_twice_err.upc:18 by upc_all_fclose
 * report: the file was opened write-only (UPC_WRONLY) at fclose_twice_err.upc:24 by upc_all_fopen
 */
/* Error: the log is closed by the flush helper when the run is short, and closed again at the end of main */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int steps;

void finish_log(upc_file_t *log, int short_run)
{
    if (short_run)
        upc_all_fclose(log);
}

int main(void)
{
    int line = MYTHREAD;
    upc_file_t *log = upc_all_fopen("run.log", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    if (MYTHREAD == 0)
        steps = 3;
    upc_barrier;
    upc_all_fseek(log, MYTHREAD * sizeof(int), UPC_SEEK_SET);
    upc_all_fwrite_local(log, &line, sizeof(int), 1, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    finish_log(log, steps < 10);
    upc_all_fclose(log);
    return 0;
}
