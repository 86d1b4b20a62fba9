/* upc-check-test
 * expect: collective-mismatch
 * line: 45 missing_collective_files.upc:7
 * threads: 2 4 8
 * files: missing_collective_files.upc
 */
/* User-guide scenario: a collective missing on one path. syncFiles (in
 * missing_collective_files.upc) calls upc_all_fsync; thread 1 skips it, so thread 1 reaches
 * upc_all_fclose while the others wait in upc_all_fsync. */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>

#define BLOCKSIZE 4

/* Zero on every thread, but not computable at compile time. */
int zero(void)
{
    return (MYTHREAD * 3 + 1) / (MYTHREAD * 3 + 2);
}

shared [BLOCKSIZE] char letters[BLOCKSIZE * THREADS];

extern void syncFiles(upc_file_t *fd);

int main(void)
{
    int i;
    upc_file_t *fd;

    upc_forall (i = 0; i < BLOCKSIZE * THREADS; i++; &letters[i])
        letters[i] = 'a' + i % 26;
    upc_barrier;

    fd = upc_all_fopen("missing_collective.txt", UPC_WRONLY | UPC_COMMON_FP | UPC_CREATE, 0, NULL);
    upc_all_fwrite_shared(fd, letters, BLOCKSIZE, sizeof(char), BLOCKSIZE * THREADS, UPC_IN_ALLSYNC | UPC_OUT_NOSYNC);

    if (MYTHREAD == 1) {
        if (zero())
            syncFiles(fd);
    } else {
        syncFiles(fd);
    }

    upc_all_fclose(fd);
    if (MYTHREAD == 0) printf("file written\n");
    return 0;
}
