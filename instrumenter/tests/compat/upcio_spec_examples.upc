/* UPC-IO in the style of the examples of the UPC-IO specification 1.0:
   a shared array written through the common file pointer, read back with
   individual file pointers into private buffers, list I/O with strided
   file vectors, fcntl queries, and an asynchronous read polled with
   upc_all_ftest_async. */
#include <upc_relaxed.h>
#include <upc_io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NELEMS 5
#define FNAME "upcio_spec.dat"

shared [NELEMS] float sbuf[NELEMS*THREADS];
shared [NELEMS] float sback[NELEMS*THREADS];
shared int errs[THREADS];

static void check(int cond, const char *what)
{
    if (!cond) {
        errs[MYTHREAD]++;
        fprintf(stderr, "thread %d: %s failed\n", MYTHREAD, what);
    }
}

int main()
{
    upc_file_t *fd;
    float buffer[2*NELEMS];
    char cbuf[12];
    struct upc_hint hints[1];
    struct upc_local_memvec memvec[2];
    struct upc_filevec filevec[2];
    upc_off_t ret, sz;
    int i, flag, fl;
    const char *fn;

    upc_forall (i = 0; i < NELEMS*THREADS; i++; &sbuf[i])
        sbuf[i] = (float) i;
    upc_barrier;

    hints[0].key = "access_style";
    hints[0].value = "write_once";
    fd = upc_all_fopen(FNAME, UPC_WRONLY | UPC_COMMON_FP | UPC_CREATE | UPC_TRUNC, 1, hints);
    if (fd == NULL) {
        perror("upc_all_fopen");
        upc_global_exit(1);
    }
    fl = upc_all_fcntl(fd, UPC_GET_FL, NULL);
    check((fl & UPC_COMMON_FP) != 0, "UPC_GET_FL");
    check(upc_all_fcntl(fd, UPC_GET_FN, (void *) &fn) == 0 && strcmp(fn, FNAME) == 0, "UPC_GET_FN");
    check(upc_all_fcntl(fd, UPC_GET_CA_SEMANTICS, NULL) == 0, "GET_CA");
    ret = upc_all_fwrite_shared(fd, (shared void *) sbuf, NELEMS, sizeof(float), NELEMS*THREADS,
                                UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    check(ret == (upc_off_t) (NELEMS*THREADS*sizeof(float)), "fwrite_shared");
    /* the common file pointer moved past everything written */
    check(upc_all_fseek(fd, 0, UPC_SEEK_CUR) == ret, "seek cur");
    upc_all_fsync(fd);
    upc_all_fclose(fd);

    /* Example 1: individual file pointers, overlapping windows */
    fd = upc_all_fopen(FNAME, UPC_RDONLY | UPC_INDIVIDUAL_FP, 0, NULL);
    sz = upc_all_fget_size(fd);
    check(sz == (upc_off_t) (NELEMS*THREADS*sizeof(float)), "fget_size");
    upc_all_fseek(fd, NELEMS*MYTHREAD*sizeof(float), UPC_SEEK_SET);
    memset(buffer, 0, sizeof buffer);
    ret = upc_all_fread_local(fd, buffer, sizeof(float), 2*NELEMS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    {
        int want = MYTHREAD == THREADS-1 ? NELEMS : 2*NELEMS;
        check(ret == (upc_off_t) (want*sizeof(float)), "fread_local count");
        for (i = 0; i < want; i++)
            check(buffer[i] == (float) (NELEMS*MYTHREAD + i), "fread_local data");
    }
    /* at end of file, a read returns 0 */
    upc_all_fseek(fd, 0, UPC_SEEK_END);
    ret = upc_all_fread_local(fd, buffer, sizeof(float), 1, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    check(ret == 0, "read at EOF");
    upc_all_fclose(fd);

    /* Example 2: common file pointer into a blocked shared array, asynchronously */
    fd = upc_all_fopen(FNAME, UPC_RDONLY | UPC_COMMON_FP, 0, NULL);
    upc_all_fread_shared_async(fd, sback, NELEMS, sizeof(float), NELEMS*THREADS,
                               UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    flag = 0;
    do {
        ret = upc_all_ftest_async(fd, &flag);
    } while (!flag);
    check(ret == (upc_off_t) (NELEMS*THREADS*sizeof(float)), "ftest_async");
    for (i = 0; i < NELEMS; i++)
        check(sback[MYTHREAD*NELEMS + i] == (float) (MYTHREAD*NELEMS + i), "async data");
    upc_all_fclose(fd);

    /* Example 3: list I/O on a byte file */
    fd = upc_all_fopen(FNAME, UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_TRUNC, 0, NULL);
    upc_all_fset_size(fd, 10 + 5*THREADS);
    check(upc_all_fget_size(fd) == 10 + 5*THREADS, "fset_size");
    {
        char w[5];
        struct upc_local_memvec mv;
        struct upc_filevec fv;
        for (i = 0; i < 5; i++) w[i] = 'a' + (MYTHREAD + i) % 26;
        mv.baseaddr = w; mv.len = 5;
        fv.offset = 10 + MYTHREAD*5; fv.len = 5;
        ret = upc_all_fwrite_list_local(fd, 1, &mv, 1, &fv, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        check(ret == 5, "fwrite_list_local");
    }
    memset(cbuf, '.', sizeof cbuf);
    memvec[0].baseaddr = &cbuf[0]; memvec[0].len = 4;
    memvec[1].baseaddr = &cbuf[7]; memvec[1].len = 3;
    filevec[0].offset = MYTHREAD*5 % 10; filevec[0].len = 2;
    filevec[1].offset = 10 + MYTHREAD*5; filevec[1].len = 5;
    ret = upc_all_fread_list_local(fd, 2, memvec, 2, filevec, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    check(ret == 7, "fread_list_local");
    check(cbuf[0] == 0 && cbuf[1] == 0, "hole reads zero");
    for (i = 0; i < 5; i++) {
        char c = i < 2 ? cbuf[2 + i] : cbuf[7 + i - 2];
        check(c == 'a' + (MYTHREAD + i) % 26, "list data");
    }
    check(cbuf[4] == '.' && cbuf[5] == '.' && cbuf[6] == '.', "gap untouched");
    upc_all_fclose(fd);

    upc_barrier;
    if (MYTHREAD == 0) {
        int total = 0;
        for (i = 0; i < THREADS; i++)
            total += errs[i];
        remove(FNAME);
        printf("upcio spec examples: %s\n", total == 0 ? "PASSED" : "FAILED");
    }
    return 0;
}
