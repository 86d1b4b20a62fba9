/* upc-check-test
 * expect: invalid-argument
 * line: 25
 * threads: 2 4
 */
/* Error: numhints counts the hints to pass (one), but the hints array was only allocated in verbose mode, so it is NULL */
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
    if (verbose) {
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
