/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of fopen_hints_null_err.upc: the hints array is always allocated */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>
#include <stdlib.h>

shared int verbose;

int main(void)
{
    struct upc_hint *hints = NULL;
    size_t numhints = 1;
    upc_file_t *fd;
    upc_barrier;
    if (!verbose) {
        hints = malloc(sizeof(struct upc_hint));
        hints[0].key = "access_style";
        hints[0].value = "write_once";
    }
    fd = upc_all_fopen("hints.dat", UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, numhints, hints);
    if (fd != NULL) upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("opened: %s\n", fd != NULL ? "yes" : "no");
    free(hints);
    return 0;
}
