/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 */
/* Correct twin: the append setting is the same on every thread */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int append[THREADS];

static upc_file_t *open_log(int app)
{
    int fl = UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE;
    if (app) fl |= UPC_APPEND;
    return upc_all_fopen("applog_ok.dat", fl, 0, NULL);
}

int main(void)
{
    upc_file_t *fd;
    append[MYTHREAD] = 0;
    upc_barrier;
    fd = open_log(append[MYTHREAD]);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("opened\n");
    return 0;
}
