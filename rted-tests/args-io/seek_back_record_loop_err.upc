/* upc-check-test
 * expect: invalid-argument
 * line: 21
 * threads: 2 3 4
 */
/* Error: a reader walks records backward from the end of its region, seeking back two records per step; the loop runs one step too many and the last seek goes before the start of the file on thread 0 */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

#define RECS 4

int main(void)
{
    int rec = 0, step, sum = 0;
    int out[RECS] = {1, 2, 3, 4};
    upc_file_t *fd = upc_all_fopen("backwalk_err.dat", UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_TRUNC, 0, NULL);
    upc_all_fseek(fd, MYTHREAD * RECS * sizeof(int), UPC_SEEK_SET);
    upc_all_fwrite_local(fd, out, sizeof(int), RECS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    for (step = 0; step < RECS; step++) {
        upc_all_fseek(fd, -2 * (upc_off_t) sizeof(int), UPC_SEEK_CUR);
        upc_all_fread_local(fd, &rec, sizeof(int), 1, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        sum += rec;
    }
    upc_all_fclose(fd);
    printf("thread %d: %d\n", MYTHREAD, sum);
    return 0;
}
