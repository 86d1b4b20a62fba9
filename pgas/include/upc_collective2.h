/* upc_collective2.h — the UPC Collectives 2.0 library: teams, non-blocking collectives with
 * handles, variable-size (v) collectives, allreduce, reduce_scatter, scan, user-defined
 * operations (UPC syntax; goes through the translator).
 *
 * Names that <upc_types.h> already defines (the UPC_ADD ... UPC_MAX operations, the
 * UPC_CHAR ... UPC_DOUBLE type codes, the UPC_{IN,OUT}_{NO,MY,ALL}SYNC flags) keep their
 * values there, so both headers can be included together; this header adds the rest.
 * upccoll_op_t and upccoll_dtype_t are therefore integer types with macro constants.
 *
 * Buffers are pointers-to-shared with affinity to the calling thread, read as contiguous
 * bytes (indefinite block size).  Array arguments of the v variants (counts, displacements)
 * are private arrays indexed by team rank. */
#ifndef _UPC_COLLECTIVE2_H_
#define _UPC_COLLECTIVE2_H_

#include <stddef.h>
#include "upc_types.h"

/* ---- handles ---------------------------------------------------------------------- */
typedef void *upccoll_handle_t;
#define UPCCOLL_INVALID_HANDLE 0

/* ---- flags (the six sync flags come from upc_types.h) -------------------------------- */
typedef int upccoll_flag_t;
#define UPC_ASYNC_FENCE (1 << 6)

/* ---- operations (UPC_ADD ... UPC_MAX come from upc_types.h) -------------------------- */
typedef unsigned long upccoll_op_t;
#define UPC_MINLOC (1UL << 9)
#define UPC_MAXLOC (1UL << 10)
#define UPC_PREDEFINED_OPS 11

/* ---- data types (UPC_CHAR ... UPC_DOUBLE come from upc_types.h; the UPC_LLONG,
 * UPC_ULLONG, UPC_LDOUBLE and UPC_INTn/UPC_UINTn codes are accepted too) ------------- */
typedef int upccoll_dtype_t;
#define UPC_BYTE            64
#define UPC_LONGLONG        65
#define UPC_ULONGLONG       66
#define UPC_LONGDOUBLE      67
#define UPC_CPLX            68
#define UPC_DBLCPLX         69
#define UPC_LONGDBLCPLX     70
#define UPC_FLOAT_INT       71 /* struct { float v; int i; } */
#define UPC_DOUBLE_INT      72 /* struct { double v; int i; } */
#define UPC_LONG_INT        73 /* struct { long v; int i; } */
#define UPC_2INT            74 /* struct { int v; int i; } */
#define UPC_SHORT_INT       75 /* struct { short v; int i; } */
#define UPC_LONG_DOUBLE_INT 76 /* struct { long double v; int i; } */

/* ---- error codes ---------------------------------------------------------------------- */
typedef enum {
    UPCCOLL_SUCCESS = 0,
    UPCCOLL_ERROR,
    UPCCOLL_ERROR_TEAM,
    UPCCOLL_ERROR_SIZE,
    UPCCOLL_ERROR_RANK,
    UPCCOLL_ERROR_HANDLE,
    UPCCOLL_ERROR_SENDBUF,
    UPCCOLL_ERROR_RECVBUF,
    UPCCOLL_ERROR_COUNT,
    UPCCOLL_ERROR_DATATYPE,
    UPCCOLL_ERROR_UPC_OP,
    UPCCOLL_ERROR_FLAGS,
    UPCCOLL_ERROR_ROOT,
    UPCCOLL_ERROR_SENDTYPE,
    UPCCOLL_ERROR_RECVTYPE,
    UPCCOLL_ERROR_SENDCNTS,
    UPCCOLL_ERROR_RECVCNTS,
    UPCCOLL_ERROR_SDISPLS,
    UPCCOLL_ERROR_RDISPLS,
    UPCCOLL_ERROR_MALLOC,
    UPCCOLL_ERROR_UNINITIALIZED
} upccoll_return_t;

/* ---- user-defined operations ------------------------------------------------------------ */
/* inout[i] = in[i] (op) inout[i] for i < len; `in` is the left operand. */
typedef void upccoll_user_fun(void *in, void *inout, size_t len, upccoll_dtype_t dt);
upccoll_return_t upccoll_op_create(upccoll_user_fun *function, int commute, upccoll_op_t *op);
upccoll_return_t upccoll_op_free(upccoll_op_t op);
upccoll_return_t upccoll_type_size(upccoll_dtype_t dt, size_t *nbytes);

/* ---- initialization, completion --------------------------------------------------------- */
upccoll_return_t upccoll_initialize(int *argc, char ***argv);
upccoll_return_t upccoll_finalize(void);
int upccoll_test(upccoll_handle_t h);
void upccoll_wait(upccoll_handle_t h);
void upccoll_fence(void);

/* ---- teams ------------------------------------------------------------------------------ */
typedef void *upccoll_team_t;
#define UPC_TEAM_ALL ((upccoll_team_t)0)
upccoll_return_t upccoll_team_rank(upccoll_team_t team, int *rank);
upccoll_return_t upccoll_team_size(upccoll_team_t team, int *size);
upccoll_return_t upccoll_team_split(upccoll_team_t team, int color, int key, upccoll_team_t *newteam);
void upccoll_team_free(upccoll_team_t team);

/* ---- collectives (handle NULL and no UPC_ASYNC_FENCE: blocking) ---------------------- */
upccoll_return_t upccoll_barrier(upccoll_team_t team, upccoll_flag_t flags, upccoll_handle_t *handle);
upccoll_return_t upccoll_bcast(shared void *sendbuf, size_t sendcount, upccoll_dtype_t sendtype,
                               shared void *recvbuf, size_t recvcnt, upccoll_dtype_t recvtype,
                               int root, upccoll_team_t team, upccoll_flag_t flags,
                               upccoll_handle_t *handle);
upccoll_return_t upccoll_scatter(shared void *sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                 shared void *recvbuf, size_t recvcnt, upccoll_dtype_t recvtype,
                                 int root, upccoll_team_t team, upccoll_flag_t flags,
                                 upccoll_handle_t *handle);
upccoll_return_t upccoll_scatterv(shared void *sendbuf, size_t *sendcnts, size_t *sdispls,
                                  upccoll_dtype_t sendtype, shared void *recvbuf, size_t recvcnt,
                                  upccoll_dtype_t recvtype, int root, upccoll_team_t team,
                                  upccoll_flag_t flags, upccoll_handle_t *handle);
upccoll_return_t upccoll_gather(shared void *sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                shared void *recvbuf, size_t recvcnt, upccoll_dtype_t recvtype,
                                int root, upccoll_team_t team, upccoll_flag_t flags,
                                upccoll_handle_t *handle);
upccoll_return_t upccoll_gatherv(shared void *sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                 shared void *recvbuf, size_t *recvcnts, size_t *rdispls,
                                 upccoll_dtype_t recvtype, int root, upccoll_team_t team,
                                 upccoll_flag_t flags, upccoll_handle_t *handle);
upccoll_return_t upccoll_allgather(shared void *sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                   shared void *recvbuf, size_t recvcnt, upccoll_dtype_t recvtype,
                                   upccoll_team_t team, upccoll_flag_t flags,
                                   upccoll_handle_t *handle);
upccoll_return_t upccoll_allgatherv(shared void *sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                    shared void *recvbuf, size_t *recvcnts, size_t *rdispls,
                                    upccoll_dtype_t recvtype, upccoll_team_t team,
                                    upccoll_flag_t flags, upccoll_handle_t *handle);
upccoll_return_t upccoll_alltoall(shared void *sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                  shared void *recvbuf, size_t recvcnt, upccoll_dtype_t recvtype,
                                  upccoll_team_t team, upccoll_flag_t flags,
                                  upccoll_handle_t *handle);
upccoll_return_t upccoll_alltoallv(shared void *sendbuf, size_t *sendcnts, size_t *sdispls,
                                   upccoll_dtype_t sendtype, shared void *recvbuf,
                                   size_t *recvcnts, size_t *rdispls, upccoll_dtype_t recvtype,
                                   upccoll_team_t team, upccoll_flag_t flags,
                                   upccoll_handle_t *handle);
upccoll_return_t upccoll_reduce(shared void *sendbuf, shared void *recvbuf, size_t count,
                                upccoll_dtype_t dt, upccoll_op_t op, int root,
                                upccoll_team_t team, upccoll_flag_t flags,
                                upccoll_handle_t *handle);
upccoll_return_t upccoll_allreduce(shared void *sendbuf, shared void *recvbuf, size_t count,
                                   upccoll_dtype_t dt, upccoll_op_t op, upccoll_team_t team,
                                   upccoll_flag_t flags, upccoll_handle_t *handle);
/* Every member contributes count*size(team) elements; rank t receives the t-th block of
 * count reduced elements. */
upccoll_return_t upccoll_reduce_scatter(shared void *sendbuf, shared void *recvbuf, size_t count,
                                        upccoll_dtype_t dt, upccoll_op_t op,
                                        upccoll_team_t team, upccoll_flag_t flags,
                                        upccoll_handle_t *handle);
/* Inclusive: rank l receives sendbuf_0 (op) ... (op) sendbuf_l. */
upccoll_return_t upccoll_scan(shared void *sendbuf, shared void *recvbuf, size_t count,
                              upccoll_dtype_t dt, upccoll_op_t op, upccoll_team_t team,
                              upccoll_flag_t flags, upccoll_handle_t *handle);

#endif /* _UPC_COLLECTIVE2_H_ */
