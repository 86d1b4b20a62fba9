/* upc-check-test
 * expect: single-valued-mismatch
 * line: 21
 * threads: 2 4
 * value: flags = UPC_WRONLY|UPC_INDIVIDUAL_FP|UPC_APPEND|UPC_CREATE
 */
/* Error: the last thread adds UPC_APPEND from a per-thread option, so the open flags differ between threads */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

shared int append[THREADS];

int main(void)
{
    upc_file_t *fd;
    int flags = UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE;
    append[MYTHREAD] = (MYTHREAD == THREADS - 1);
    upc_barrier;
    if (append[MYTHREAD]) flags |= UPC_APPEND;
    fd = upc_all_fopen("flags_sv.dat", flags, 0, NULL);
    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("closed\n");
    return 0;
}
