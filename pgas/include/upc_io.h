/* upc_io.h — UPC parallel I/O (UPC 1.3 optional library; UPC syntax, goes through the
 * translator).  Implementation: pgas/src/io/.
 *
 * upc_file_t is opaque.  A upc_file_t * is an ordinary pointer whose value is the same on
 * every thread (it designates the file's entry in the job's shared file table), so it is
 * single-valued like the spec requires and can be compared across threads.
 * Every function is collective; errors return -1 (NULL for upc_all_fopen) with errno set. */
#ifndef _UPC_IO_H_
#define _UPC_IO_H_

#include <stddef.h>
#include <stdint.h>
#include "upc_types.h"

#define __UPC_IO__ 1

typedef int64_t upc_off_t;
typedef struct upc_file_s upc_file_t;

struct upc_hint {
    const char *key;
    const char *value;
};

struct upc_local_memvec {
    void *baseaddr;
    size_t len;
};

struct upc_shared_memvec {
    shared void *baseaddr;
    size_t blocksize; /* bytes; 0 = indefinite */
    size_t len;
};

struct upc_filevec {
    upc_off_t offset;
    size_t len;
};

typedef struct upc_hint upc_hint_t;
typedef struct upc_local_memvec upc_local_memvec_t;
typedef struct upc_shared_memvec upc_shared_memvec_t;
typedef struct upc_filevec upc_filevec_t;
#define __UPC_IO_TYPEDEFS__ 1

/* upc_all_fopen flags */
#define UPC_RDONLY          (1 << 0)
#define UPC_WRONLY          (1 << 1)
#define UPC_RDWR            (1 << 2)
#define UPC_INDIVIDUAL_FP   (1 << 3)
#define UPC_COMMON_FP       (1 << 4)
#define UPC_APPEND          (1 << 5)
#define UPC_CREATE          (1 << 6)
#define UPC_EXCL            (1 << 7)
#define UPC_STRONG_CA       (1 << 8)
#define UPC_TRUNC           (1 << 9)
#define UPC_DELETE_ON_CLOSE (1 << 10)

/* upc_all_fcntl commands */
#define UPC_GET_CA_SEMANTICS        (1 << 0)
#define UPC_SET_WEAK_CA_SEMANTICS   (1 << 1)
#define UPC_SET_STRONG_CA_SEMANTICS (1 << 2)
#define UPC_GET_FP                  (1 << 3)
#define UPC_SET_COMMON_FP           (1 << 4)
#define UPC_SET_INDIVIDUAL_FP       (1 << 5)
#define UPC_GET_FL                  (1 << 6)
#define UPC_GET_FN                  (1 << 7)
#define UPC_GET_HINTS               (1 << 8)
#define UPC_SET_HINT                (1 << 9)
#define UPC_ASYNC_OUTSTANDING       (1 << 10)

/* upc_all_fseek origins */
#define UPC_SEEK_SET (1 << 0)
#define UPC_SEEK_CUR (1 << 1)
#define UPC_SEEK_END (1 << 2)

upc_file_t *upc_all_fopen(const char *fname, int flags, size_t numhints, struct upc_hint const *hints);
int upc_all_fclose(upc_file_t *fd);
int upc_all_fsync(upc_file_t *fd);
upc_off_t upc_all_fseek(upc_file_t *fd, upc_off_t offset, int origin);
int upc_all_fset_size(upc_file_t *fd, upc_off_t size);
upc_off_t upc_all_fget_size(upc_file_t *fd);
int upc_all_fpreallocate(upc_file_t *fd, upc_off_t size);
int upc_all_fcntl(upc_file_t *fd, int cmd, void *arg);

upc_off_t upc_all_fread_local(upc_file_t *fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags);
upc_off_t upc_all_fwrite_local(upc_file_t *fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags);
upc_off_t upc_all_fread_shared(upc_file_t *fd, shared void *buffer, size_t blocksize, size_t size, size_t nmemb, upc_flag_t flags);
upc_off_t upc_all_fwrite_shared(upc_file_t *fd, shared void *buffer, size_t blocksize, size_t size, size_t nmemb, upc_flag_t flags);

upc_off_t upc_all_fread_list_local(upc_file_t *fd, size_t memvec_entries, struct upc_local_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags);
upc_off_t upc_all_fread_list_shared(upc_file_t *fd, size_t memvec_entries, struct upc_shared_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags);
upc_off_t upc_all_fwrite_list_local(upc_file_t *fd, size_t memvec_entries, struct upc_local_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags);
upc_off_t upc_all_fwrite_list_shared(upc_file_t *fd, size_t memvec_entries, struct upc_shared_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags);

void upc_all_fread_local_async(upc_file_t *fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags);
void upc_all_fwrite_local_async(upc_file_t *fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags);
void upc_all_fread_shared_async(upc_file_t *fd, shared void *buffer, size_t blocksize, size_t size, size_t nmemb, upc_flag_t flags);
void upc_all_fwrite_shared_async(upc_file_t *fd, shared void *buffer, size_t blocksize, size_t size, size_t nmemb, upc_flag_t flags);
void upc_all_fread_list_local_async(upc_file_t *fd, size_t memvec_entries, struct upc_local_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags);
void upc_all_fread_list_shared_async(upc_file_t *fd, size_t memvec_entries, struct upc_shared_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags);
void upc_all_fwrite_list_local_async(upc_file_t *fd, size_t memvec_entries, struct upc_local_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags);
void upc_all_fwrite_list_shared_async(upc_file_t *fd, size_t memvec_entries, struct upc_shared_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags);
upc_off_t upc_all_fwait_async(upc_file_t *fd);
upc_off_t upc_all_ftest_async(upc_file_t *fd, int *flag);

#endif /* _UPC_IO_H_ */
