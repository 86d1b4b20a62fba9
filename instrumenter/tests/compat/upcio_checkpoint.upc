/* Checkpoint/restart with UPC-IO, as a simulation code writes it: the state (a
   blocked shared grid) goes to a file with list I/O on shared buffers (each
   thread names its own blocks and their file offsets), a header through the
   common file pointer, a per-thread log appended with UPC_APPEND, hints set
   and queried with upc_all_fcntl, space preallocated, strong consistency;
   then the checkpoint is read back into a grid of another block size. */
#include <upc.h>
#include <upc_io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#define B 16                    /* block of the state grid */
#define NB 4                    /* blocks per thread */
#define HDR 64                  /* header bytes */

shared [B] int grid[B*NB*THREADS];
shared [B/2] int restored[B*NB*THREADS];
shared [HDR] char header[HDR*THREADS];
shared int errs[THREADS];

#define CHECK(c) do { if (!(c)) { errs[MYTHREAD]++; \
    fprintf(stderr, "T%d: line %d: %s\n", MYTHREAD, __LINE__, #c); } } while (0)

static const char *ckpt = "upcio_ckpt.bin";
static const char *logf = "upcio_ckpt.log";

int main(void)
{
    upc_file_t *fd;
    struct upc_shared_memvec mv[NB];
    struct upc_filevec fv[NB];
    struct upc_hint h, *got;
    upc_off_t r;
    int i, k, nh;
    long total = (long) B * NB * THREADS * sizeof(int);

    upc_forall (i = 0; i < B*NB*THREADS; i++; &grid[i])
        grid[i] = i * 3 + 1;
    if (MYTHREAD == 0) {
        memset((char *) header, 0, HDR);
        sprintf((char *) header, "CKPT v1 threads=%d n=%d", THREADS, B*NB*THREADS);
    }
    remove(ckpt);
    remove(logf);
    upc_barrier;

    fd = upc_all_fopen(ckpt, UPC_WRONLY | UPC_COMMON_FP | UPC_CREATE | UPC_EXCL | UPC_STRONG_CA, 0, NULL);
    if (!fd) { perror(ckpt); upc_global_exit(1); }
    CHECK(upc_all_fcntl(fd, UPC_GET_CA_SEMANTICS, NULL) == UPC_STRONG_CA);
    h.key = "cb_nodes";
    h.value = "1";
    CHECK(upc_all_fcntl(fd, UPC_SET_HINT, &h) == 0);
    nh = upc_all_fcntl(fd, UPC_GET_HINTS, &got);
    CHECK(nh >= 0);
    if (nh > 0) {
        int found = 0;
        for (k = 0; k < nh; k++)
            if (strcmp(got[k].key, "cb_nodes") == 0 && strcmp(got[k].value, "1") == 0)
                found = 1;
        CHECK(found);
    }
    CHECK(upc_all_fpreallocate(fd, HDR + total) == 0);
    CHECK(upc_all_fget_size(fd) >= HDR + total);
    /* header: thread 0's block of 'header' through the common pointer */
    r = upc_all_fwrite_shared(fd, header, HDR, 1, HDR, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    CHECK(r == HDR);
    /* body: block j of the grid goes to file offset HDR + j*B*sizeof(int); this
       thread's blocks are MYTHREAD, MYTHREAD+THREADS, ... */
    for (k = 0; k < NB; k++) {
        long j = MYTHREAD + (long) k * THREADS;
        mv[k].baseaddr = &grid[j * B];
        mv[k].blocksize = B * sizeof(int);
        mv[k].len = B * sizeof(int);
        fv[NB - 1 - k].offset = HDR + j * B * sizeof(int);   /* file vector in another order */
        fv[NB - 1 - k].len = B * sizeof(int);
    }
    /* the memory and file vectors are matched in order, so sort fv back */
    for (k = 0; k < NB; k++) {
        long j = MYTHREAD + (long) k * THREADS;
        fv[k].offset = HDR + j * B * sizeof(int);
    }
    upc_barrier;
    r = upc_all_fwrite_list_shared(fd, NB, mv, NB, fv, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    CHECK(r == (upc_off_t) (NB * B * sizeof(int)));
    CHECK(upc_all_fclose(fd) == 0);

    /* opening again with EXCL fails on every thread */
    errno = 0;
    fd = upc_all_fopen(ckpt, UPC_WRONLY | UPC_COMMON_FP | UPC_CREATE | UPC_EXCL, 0, NULL);
    CHECK(fd == NULL && errno == EEXIST);

    /* a log: every thread appends one record through its own pointer */
    fd = upc_all_fopen(logf, UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_CREATE, 0, NULL);
    {
        char rec[32];
        memset(rec, ' ', sizeof rec);
        snprintf(rec, sizeof rec, "thread %3d wrote %d ints", MYTHREAD, NB * B);
        rec[31] = '\n';
        upc_all_fseek(fd, (upc_off_t) MYTHREAD * 32, UPC_SEEK_SET);
        CHECK(upc_all_fwrite_local(fd, rec, 1, 32, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC) == 32);
    }
    upc_all_fclose(fd);
    fd = upc_all_fopen(logf, UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_APPEND, 0, NULL);
    CHECK(fd != NULL);
    CHECK(upc_all_fseek(fd, 0, UPC_SEEK_CUR) == (upc_off_t) 32 * THREADS);
    upc_all_fclose(fd);

    /* restart: read the body back into a grid with another blocking */
    fd = upc_all_fopen(ckpt, UPC_RDONLY | UPC_INDIVIDUAL_FP, 0, NULL);
    {
        char hb[HDR];
        char want[HDR];
        upc_all_fseek(fd, 0, UPC_SEEK_SET);
        CHECK(upc_all_fread_local(fd, hb, 1, HDR, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC) == HDR);
        sprintf(want, "CKPT v1 threads=%d n=%d", THREADS, B*NB*THREADS);
        CHECK(strcmp(hb, want) == 0);
    }
    for (k = 0; k < 2 * NB; k++) {
        long j = MYTHREAD + (long) k * THREADS;   /* blocks of B/2 */
        mv[k % NB].baseaddr = &restored[j * (B/2)];
        mv[k % NB].blocksize = (B/2) * sizeof(int);
        mv[k % NB].len = (B/2) * sizeof(int);
        if (k % NB == NB - 1) {
            int m;
            for (m = 0; m < NB; m++) {
                long jj = MYTHREAD + (long) (k - NB + 1 + m) * THREADS;
                fv[m].offset = HDR + jj * (B/2) * sizeof(int);
                fv[m].len = (B/2) * sizeof(int);
            }
            r = upc_all_fread_list_shared(fd, NB, mv, NB, fv, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
            CHECK(r == (upc_off_t) (NB * (B/2) * sizeof(int)));
        }
    }
    upc_all_fclose(fd);
    upc_barrier;
    for (i = MYTHREAD; i < B*NB*THREADS; i += THREADS)
        CHECK(restored[i] == i * 3 + 1);
    upc_barrier;
    if (MYTHREAD == 0) {
        int e = 0;
        for (i = 0; i < THREADS; i++)
            e += errs[i];
        remove(ckpt);
        remove(logf);
        printf("checkpoint/restart: %s\n", e ? "FAILED" : "PASSED");
    }
    return 0;
}
