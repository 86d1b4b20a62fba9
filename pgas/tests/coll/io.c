/* UPC-IO through the C ABI with real UPC threads (processes): common and individual file
 * pointers, shared and local buffers, list I/O, async, sizes, single-valued open errors,
 * delete on close. */
#include "capi.h"
#include <errno.h>
#include "upc_types.h"
#define shared /* upc_io.h is UPC syntax; the C ABI view is declared below */
typedef int64_t upc_off_t;
typedef struct upc_file_s upc_file_t;
struct upc_hint { const char *key, *value; };
struct upc_local_memvec { void *baseaddr; size_t len; };
struct upc_shared_memvec { pts baseaddr; size_t blocksize; size_t len; };
struct upc_filevec { upc_off_t offset; size_t len; };
#define UPC_RDONLY (1 << 0)
#define UPC_WRONLY (1 << 1)
#define UPC_RDWR (1 << 2)
#define UPC_INDIVIDUAL_FP (1 << 3)
#define UPC_COMMON_FP (1 << 4)
#define UPC_CREATE (1 << 6)
#define UPC_EXCL (1 << 7)
#define UPC_TRUNC (1 << 9)
#define UPC_DELETE_ON_CLOSE (1 << 10)
#define UPC_SET_INDIVIDUAL_FP (1 << 5)
#define UPC_SEEK_SET 1
#define UPC_SEEK_END 4
upc_file_t *upc_all_fopen(const char *, int, size_t, const struct upc_hint *);
int upc_all_fclose(upc_file_t *);
upc_off_t upc_all_fseek(upc_file_t *, upc_off_t, int);
upc_off_t upc_all_fget_size(upc_file_t *);
int upc_all_fset_size(upc_file_t *, upc_off_t);
int upc_all_fcntl(upc_file_t *, int, void *);
upc_off_t upc_all_fwrite_shared(upc_file_t *, pts, size_t, size_t, size_t, int);
upc_off_t upc_all_fread_shared(upc_file_t *, pts, size_t, size_t, size_t, int);
upc_off_t upc_all_fread_local(upc_file_t *, void *, size_t, size_t, int);
upc_off_t upc_all_fwrite_list_local(upc_file_t *, size_t, const struct upc_local_memvec *, size_t, const struct upc_filevec *, int);
upc_off_t upc_all_fread_list_shared(upc_file_t *, size_t, const struct upc_shared_memvec *, size_t, const struct upc_filevec *, int);
void upc_all_fwrite_local_async(upc_file_t *, void *, size_t, size_t, int);
upc_off_t upc_all_fwait_async(upc_file_t *);

SHARED_ARRAY(int, A, 5, 20 * THREADS)
SHARED_ARRAY(int, B, 3, 20 * THREADS)
SHARED_ARRAY(char, C, 4, 12 * THREADS)
UPC_MAIN(0)

static int user_main(int argc, char **argv, char **envp)
{
    (void)argc; (void)argv; (void)envp;
    int T = THREADS, me = MYTHREAD, S = UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC;
    char name[256];
    snprintf(name, sizeof name, "/tmp/upcio-c-%d", (int)getppid());
    /* Missing file: NULL with ENOENT on every thread. */
    errno = 0;
    CHECK(upc_all_fopen(name, UPC_RDONLY | UPC_COMMON_FP, 0, 0) == 0 && errno == ENOENT);
    upc_file_t *fd = upc_all_fopen(name, UPC_RDWR | UPC_COMMON_FP | UPC_CREATE | UPC_EXCL | UPC_DELETE_ON_CLOSE, 0, 0);
    CHECK(fd != 0);
    for (int i = 0; i < 20 * T; i++)
        if ((int)upcr_ps_elem(A_var.offset, i, 4, 5).thread == me) *ELEM(int, A, 5, i) = i * 3 + 1;
    CHECK(upc_all_fwrite_shared(fd, upcr_ps_make(0, A_var.offset, 0), 5, 4, 20 * T, S) == 80 * T);
    CHECK(upc_all_fget_size(fd) == 80 * T);
    CHECK(upc_all_fseek(fd, 0, UPC_SEEK_SET) == 0);
    CHECK(upc_all_fread_shared(fd, upcr_ps_make(0, B_var.offset, 0), 3, 4, 20 * T, S) == 80 * T);
    for (int i = 0; i < 20 * T; i++) CHECK(*ELEM(int, B, 3, i) == i * 3 + 1);
    /* Individual pointers, local buffers: thread me reads element block me*20.. */
    CHECK(upc_all_fcntl(fd, UPC_SET_INDIVIDUAL_FP, 0) == 0);
    int buf[20];
    upc_all_fseek(fd, me * 80, UPC_SEEK_SET);
    CHECK(upc_all_fread_local(fd, buf, 4, 20, UPC_IN_NOSYNC | UPC_OUT_NOSYNC) == 80);
    for (int i = 0; i < 20; i++) CHECK(buf[i] == (me * 20 + i) * 3 + 1);
    /* List I/O: each thread writes 3 strided 4-byte records after the array. */
    char rec[12];
    for (int i = 0; i < 12; i++) rec[i] = (char)(me * 16 + i);
    struct upc_local_memvec mv = {rec, 12};
    struct upc_filevec fv[3];
    for (int r = 0; r < 3; r++) { fv[r].offset = 80 * T + (r * T + me) * 4; fv[r].len = 4; }
    CHECK(upc_all_fwrite_list_local(fd, 1, &mv, 3, fv, S) == 12);
    struct upc_shared_memvec smv = {upcr_ps_make(0, C_var.offset, 0), 4, 12 * T};
    struct upc_filevec all = {80 * T, 12 * T};
    CHECK(upc_all_fread_list_shared(fd, me == 0, &smv, me == 0, &all, S) == (me == 0 ? 12 * T : 0));
    upcr_barrier(0, 0);
    for (int k = 0; k < 12 * T; k++) {
        int recn = k / 4, w = recn % T, r = recn / T;
        CHECK(*ELEM(char, C, 4, k) == (char)(w * 16 + r * 4 + k % 4));
    }
    /* Async write at the end, then size. */
    upc_all_fseek(fd, 92 * T + me * 8, UPC_SEEK_SET);
    char v[8];
    memset(v, me + 1, 8);
    upc_all_fwrite_local_async(fd, v, 1, 8, S);
    CHECK(upc_all_fwait_async(fd) == 8);
    CHECK(upc_all_fget_size(fd) == 100 * T);
    CHECK(upc_all_fset_size(fd, 10) == 0 && upc_all_fget_size(fd) == 10);
    CHECK(upc_all_fclose(fd) == 0);
    CHECK(access(name, F_OK) != 0); /* deleted on close */
    if (me == 0) printf("io ok THREADS=%d\n", T);
    return 0;
}
