/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * stdout: written
 */
/* Correct twin of fopen_hints_sv_err.upc: every thread passes the same hint (a copy of its own) */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int writer[THREADS];

int main(void)
{
    upc_file_t *fd;
    struct upc_hint hint;
    char style[32];
    double rec = MYTHREAD;
    writer[MYTHREAD] = (MYTHREAD == 0);
    upc_barrier;
    sprintf(style, "%s", "read_once");
    hint.key = "access_style";
    hint.value = style;
    fd = upc_all_fopen("hinted.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE, 1, &hint);
    upc_all_fwrite_local(fd, &rec, sizeof(double), 1, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("written\n");
    return 0;
}
