/* What the MPI conduit needs from mpi.h besides its functions and types: the predefined
 * handles and constants, which mpi.h may define as macros that bindgen cannot translate
 * (Open MPI: addresses of library objects), exported as C objects that bindgen can. */
#ifndef UPCR_MPI_SHIM_H
#define UPCR_MPI_SHIM_H
#include <mpi.h>

extern const MPI_Comm upcr_mpi_comm_world;
extern const MPI_Info upcr_mpi_info_null;
extern const int upcr_mpi_comm_type_shared;
extern const int upcr_mpi_success;
extern const MPI_Datatype upcr_mpi_byte;
extern const int upcr_mpi_mode_nocheck;
extern const int upcr_mpi_thread_serialized;

/* One call into MPI's progress engine (an MPI_Iprobe that matches nothing of ours). */
int upcr_mpi_progress(MPI_Comm comm);

/* The UPC barrier's arrival: start MPI_Iallreduce(MPI_MAX) of n 64-bit integers over comm. */
int upcr_mpi_iallreduce_max(const long long *in, long long *out, int n, MPI_Comm comm,
                            MPI_Request *req);
/* MPI_Test without a status: *done = 1 once the request completed. */
int upcr_mpi_test(MPI_Request *req, int *done);
/* MPI_Allgather of one 64-bit integer per process (a barrier error's table). */
int upcr_mpi_allgather_i64(long long mine, long long *all, MPI_Comm comm);

/* upc_atomic.h on the data window: ty 0..5 = int32, uint32, int64, uint64, float, double;
 * op 0..8 = MPI_NO_OP, MPI_REPLACE, MPI_SUM, MPI_PROD, MPI_MIN, MPI_MAX, MPI_BAND, MPI_BOR,
 * MPI_BXOR.  Both complete (MPI_Win_flush) before they return. */
int upcr_mpi_fetch_and_op(const void *origin, void *result, int ty, int target, MPI_Aint disp,
                          int op, MPI_Win win);
int upcr_mpi_compare_and_swap(const void *origin, const void *compare, void *result, int ty,
                              int target, MPI_Aint disp, MPI_Win win);

/* The requests of pgas::rpc, as byte messages on comm: MPI_Isend of n bytes; MPI_Iprobe for
 * a message of tag from src (-1: any source), giving its source and length when *flag; and
 * the MPI_Recv of the message probed. */
int upcr_mpi_isend_bytes(const void *buf, int n, int dest, int tag, MPI_Comm comm,
                         MPI_Request *req);
int upcr_mpi_iprobe_bytes(int src, int tag, MPI_Comm comm, int *flag, int *source, int *n);
int upcr_mpi_recv_bytes(void *buf, int n, int src, int tag, MPI_Comm comm);

/* Addresses that every process must have alike (see shim.c), taken before MPI_Init. */
extern unsigned long upcr_mpi_layout_probe[3];

#endif
