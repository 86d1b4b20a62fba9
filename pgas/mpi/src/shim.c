/* C side of the MPI conduit: the marker that says "built for -network=mpi", the constructor
 * that registers the conduit with the runtime before main, and the predefined MPI handles. */
#define _GNU_SOURCE
#include "shim.h"

#include <stdlib.h>
#include <sys/personality.h>
#include <unistd.h>

/* Read by upcrun (the section survives strip) to start the program with mpirun; the driver
 * links with -Wl,-u,upcr_mpi_conduit, which pulls this object (and so the conduit) in. */
__attribute__((section(".upcc_network"), used)) const char upcr_mpi_conduit[] = "mpi";

void upcr_mpi_register(void);

/* The smp conduit forks its threads from one process, so every address the runtime and the
 * checker keep in shared memory (static strings, the operation table and the other objects
 * they build before the threads start, code addresses) is the same in every thread.  The
 * processes mpirun starts get that from an address space laid out the same way in each: the
 * executable is linked without PIE, and here, before anything else runs, the process executes
 * itself again with address-space randomization off (personality ADDR_NO_RANDOMIZE, kept
 * across exec; the pid stays, so the MPI launcher keeps track of it).  Where randomization
 * cannot be turned off (a sandbox that forbids it), the program runs as it is. */
__attribute__((constructor)) static void upcr_mpi_constructor(int argc, char **argv, char **envp)
{
    int p = personality(0xffffffff);
    if (argc > 0 && p != -1 && !(p & ADDR_NO_RANDOMIZE)
        && personality((unsigned long)p | ADDR_NO_RANDOMIZE) != -1) {
        /* the executable's own path, so that the process keeps its name (ps, top) */
        char path[4096];
        ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
        if (n > 0) {
            path[n] = 0;
            execve(path, argv, envp);
        }
        personality((unsigned long)p);
    }
    /* an object of the executable, a block of the heap and one mapped where the shared
     * libraries are: the conduit compares them with thread 0's once MPI runs and warns when
     * the layouts differ */
    static int in_image;
    void *big = malloc(1 << 20);
    upcr_mpi_layout_probe[0] = (unsigned long)&in_image;
    upcr_mpi_layout_probe[1] = (unsigned long)big;
    free(big);
    upcr_mpi_layout_probe[2] = (unsigned long)sbrk(0);
    upcr_mpi_register();
}

unsigned long upcr_mpi_layout_probe[3];

const MPI_Comm upcr_mpi_comm_world = MPI_COMM_WORLD;
const MPI_Info upcr_mpi_info_null = MPI_INFO_NULL;
const int upcr_mpi_comm_type_shared = MPI_COMM_TYPE_SHARED;
const int upcr_mpi_success = MPI_SUCCESS;
const MPI_Datatype upcr_mpi_byte = MPI_BYTE;
const int upcr_mpi_mode_nocheck = MPI_MODE_NOCHECK;
const int upcr_mpi_thread_serialized = MPI_THREAD_SERIALIZED;

int upcr_mpi_progress(MPI_Comm comm)
{
    int flag = 0;
    return MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &flag, MPI_STATUS_IGNORE);
}

int upcr_mpi_iallreduce_max(const long long *in, long long *out, int n, MPI_Comm comm,
                            MPI_Request *req)
{
    return MPI_Iallreduce(in, out, n, MPI_LONG_LONG, MPI_MAX, comm, req);
}

int upcr_mpi_test(MPI_Request *req, int *done)
{
    return MPI_Test(req, done, MPI_STATUS_IGNORE);
}

int upcr_mpi_allgather_i64(long long mine, long long *all, MPI_Comm comm)
{
    return MPI_Allgather(&mine, 1, MPI_LONG_LONG, all, 1, MPI_LONG_LONG, comm);
}

static MPI_Datatype upcr_mpi_type(int ty)
{
    switch (ty) {
    case 0: return MPI_INT32_T;
    case 1: return MPI_UINT32_T;
    case 2: return MPI_INT64_T;
    case 3: return MPI_UINT64_T;
    case 4: return MPI_FLOAT;
    default: return MPI_DOUBLE;
    }
}

static MPI_Op upcr_mpi_op(int op)
{
    switch (op) {
    case 0: return MPI_NO_OP;
    case 1: return MPI_REPLACE;
    case 2: return MPI_SUM;
    case 3: return MPI_PROD;
    case 4: return MPI_MIN;
    case 5: return MPI_MAX;
    case 6: return MPI_BAND;
    case 7: return MPI_BOR;
    default: return MPI_BXOR;
    }
}

int upcr_mpi_fetch_and_op(const void *origin, void *result, int ty, int target, MPI_Aint disp,
                          int op, MPI_Win win)
{
    int rc = MPI_Fetch_and_op(origin, result, upcr_mpi_type(ty), target, disp, upcr_mpi_op(op),
                              win);
    return rc != MPI_SUCCESS ? rc : MPI_Win_flush(target, win);
}

int upcr_mpi_compare_and_swap(const void *origin, const void *compare, void *result, int ty,
                              int target, MPI_Aint disp, MPI_Win win)
{
    /* MPI compares integers only: floating-point values are compared by their bits */
    MPI_Datatype t = ty == 4 ? MPI_UINT32_T : ty == 5 ? MPI_UINT64_T : upcr_mpi_type(ty);
    int rc = MPI_Compare_and_swap(origin, compare, result, t, target, disp, win);
    return rc != MPI_SUCCESS ? rc : MPI_Win_flush(target, win);
}

int upcr_mpi_isend_bytes(const void *buf, int n, int dest, int tag, MPI_Comm comm,
                         MPI_Request *req)
{
    return MPI_Isend(buf, n, MPI_BYTE, dest, tag, comm, req);
}

int upcr_mpi_iprobe_bytes(int src, int tag, MPI_Comm comm, int *flag, int *source, int *n)
{
    MPI_Status st;
    int rc = MPI_Iprobe(src < 0 ? MPI_ANY_SOURCE : src, tag, comm, flag, &st);
    if (rc == MPI_SUCCESS && *flag) {
        *source = st.MPI_SOURCE;
        rc = MPI_Get_count(&st, MPI_BYTE, n);
    }
    return rc;
}

int upcr_mpi_recv_bytes(void *buf, int n, int src, int tag, MPI_Comm comm)
{
    return MPI_Recv(buf, n, MPI_BYTE, src, tag, comm, MPI_STATUS_IGNORE);
}
