/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of fopen_flags_sv_err.upc: the option is the same on every thread */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int append[THREADS];

int main(void)
{
    upc_file_t *fd;
    int flags = UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE;
    append[MYTHREAD] = 0;
    upc_barrier;
    if (append[MYTHREAD]) flags |= UPC_APPEND;
    fd = upc_all_fopen("flags_sv.dat", flags, 0, NULL);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("closed\n");
    return 0;
}
