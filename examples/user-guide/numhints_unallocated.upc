/* upc-check-test
 * expect: invalid-argument
 * line: 18
 * threads: 4
 */
/* User-guide scenario: numhints is 1 but hints never points to allocated hints. */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

int main(void)
{
    size_t numhints;
    upc_file_t *fd;
    struct upc_hint *hints = NULL;   /* never allocated */

    numhints = 1;
    fd = upc_all_fopen("numhints.txt", UPC_INDIVIDUAL_FP | UPC_WRONLY | UPC_CREATE, numhints, hints);

    if (fd != NULL)
        upc_all_fclose(fd);
    else if (MYTHREAD == 0)
        printf("file not open\n");
    return 0;
}
