/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 */
/* Correct twin: the entry count passed is the number of entries filled */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>
#include <string.h>

#define CAP 4

int main(void)
{
    int a[2], b[2], c[2], w[6] = {1, 2, 3, 4, 5, 6};
    struct upc_local_memvec mv[CAP];
    struct upc_filevec fv[1];
    size_t used = 0;
    upc_file_t *fd = upc_all_fopen("listcount_ok.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_TRUNC, 0, NULL);
    upc_all_fseek(fd, MYTHREAD * sizeof w, UPC_SEEK_SET);
    upc_all_fwrite_local(fd, w, sizeof(int), 6, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    memset(mv, 0xff, sizeof mv);
    mv[used].baseaddr = a; mv[used].len = sizeof a; used++;
    mv[used].baseaddr = b; mv[used].len = sizeof b; used++;
    mv[used].baseaddr = c; mv[used].len = sizeof c; used++;
    fv[0].offset = MYTHREAD * sizeof w;
    fv[0].len = sizeof w;
    upc_all_fread_list_local(fd, used, mv, 1, fv, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_fclose(fd);
    printf("thread %d: %d %d %d\n", MYTHREAD, a[0], b[1], c[1]);
    return 0;
}
