/* C side of the MPI conduit: the marker that says "built for -network=mpi", the constructor
 * that registers the conduit with the runtime before main, and the predefined MPI handles. */
#include "shim.h"

/* Read by upcrun (the section survives strip) to start the program with mpirun; the driver
 * links with -Wl,-u,upcr_mpi_conduit, which pulls this object (and so the conduit) in. */
__attribute__((section(".upcc_network"), used)) const char upcr_mpi_conduit[] = "mpi";

void upcr_mpi_register(void);

__attribute__((constructor)) static void upcr_mpi_constructor(void)
{
    upcr_mpi_register();
}

const MPI_Comm upcr_mpi_comm_world = MPI_COMM_WORLD;
const MPI_Info upcr_mpi_info_null = MPI_INFO_NULL;
const int upcr_mpi_comm_type_shared = MPI_COMM_TYPE_SHARED;
const int upcr_mpi_success = MPI_SUCCESS;
