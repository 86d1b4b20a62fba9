/* UPC-IO beyond plain reads and writes: a file opened UPC_RDWR with a common
 * file pointer written from a blocked shared array, read back with individual
 * file pointers and list I/O into strided local buffers, an asynchronous read
 * completed with upc_all_fwait_async, upc_all_fcntl queries and
 * upc_all_fset_size. Every call is collective and every argument the same
 * on all threads where the spec says so. */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#define BLK 16
#define FNAME "upcio_list_async.dat"

shared [BLK] int data[BLK * THREADS];
shared [BLK] int back[BLK * THREADS];
shared int bad[THREADS];

int
main(void)
{
    upc_file_t *fd;
    upc_off_t n, size;
    int i, e = 0, local[2 * BLK], flag = 0;
    struct upc_local_memvec mv[2];
    struct upc_filevec fv[2];
    const char *name = NULL;

    upc_forall (i = 0; i < BLK * THREADS; i++; &data[i])
        data[i] = 7 * i + 3;
    upc_barrier;

    fd = upc_all_fopen(FNAME, UPC_RDWR | UPC_COMMON_FP | UPC_CREATE | UPC_TRUNC, 0, NULL);
    if (fd == NULL) {
        fprintf(stderr, "thread %d: cannot open %s\n", MYTHREAD, FNAME);
        upc_global_exit(1);
    }
    if (upc_all_fcntl(fd, UPC_GET_FN, &name) != 0 || strcmp(name, FNAME) != 0)
        e++;
    if (upc_all_fcntl(fd, UPC_GET_FP, NULL) != UPC_COMMON_FP)
        e++;

    /* the whole array in one collective write through the common pointer */
    n = upc_all_fwrite_shared(fd, data, BLK, sizeof(int), BLK * THREADS,
                              UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (n != (upc_off_t) (BLK * THREADS * sizeof(int)))
        e++;
    upc_all_fsync(fd);
    size = upc_all_fget_size(fd);
    if (size != (upc_off_t) (BLK * THREADS * sizeof(int)))
        e++;

    /* switch to individual pointers; each thread reads its neighbour's block
       in two halves with list I/O into every other slot pair of a local buffer */
    upc_all_fcntl(fd, UPC_SET_INDIVIDUAL_FP, NULL);
    memset(local, -1, sizeof local);
    {
        int nb = (MYTHREAD + 1) % THREADS;
        upc_off_t base = (upc_off_t) nb * BLK * sizeof(int);
        /* file regions in increasing order; the first half lands in the
           second part of the buffer */
        mv[0].baseaddr = &local[BLK];
        mv[0].len = BLK / 2 * sizeof(int);
        mv[1].baseaddr = &local[0];
        mv[1].len = BLK / 2 * sizeof(int);
        fv[0].offset = base;
        fv[0].len = BLK / 2 * sizeof(int);
        fv[1].offset = base + BLK / 2 * sizeof(int);
        fv[1].len = BLK / 2 * sizeof(int);
        n = upc_all_fread_list_local(fd, 2, mv, 2, fv, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        if (n != (upc_off_t) (BLK * sizeof(int)))
            e++;
        for (i = 0; i < BLK / 2; i++) {
            if (local[i] != 7 * (nb * BLK + BLK / 2 + i) + 3) e++;
            if (local[BLK + i] != 7 * (nb * BLK + i) + 3) e++;
            if (local[BLK / 2 + i] != -1) e++;
        }
    }

    /* an asynchronous read of the whole file into another shared array */
    upc_all_fseek(fd, 0, UPC_SEEK_SET);
    upc_all_fcntl(fd, UPC_SET_COMMON_FP, NULL);
    upc_all_fread_shared_async(fd, back, BLK, sizeof(int), BLK * THREADS,
                               UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    n = upc_all_ftest_async(fd, &flag);
    if (!flag)
        n = upc_all_fwait_async(fd);
    if (n != (upc_off_t) (BLK * THREADS * sizeof(int)))
        e++;
    for (i = 0; i < BLK; i++)
        if (back[MYTHREAD * BLK + i] != data[MYTHREAD * BLK + i])
            e++;

    /* shrink the file to one block */
    upc_all_fset_size(fd, BLK * sizeof(int));
    if (upc_all_fget_size(fd) != (upc_off_t) (BLK * sizeof(int)))
        e++;
    upc_all_fclose(fd);

    bad[MYTHREAD] = e;
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, tot = 0;
        for (t = 0; t < THREADS; t++)
            tot += bad[t];
        printf("UPC-IO list and async: %d errors\n", tot);
        remove(FNAME);
    }
    return 0;
}
