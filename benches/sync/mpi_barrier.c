/* MPI_Barrier latency, the reference for the UPC barrier: ranks on this host.
 *   mpirun -np N ./mpi_barrier [iterations]
 * Prints (rank 0) microseconds per MPI_Barrier, the slowest rank's average. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int n, me;
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    int iters = argc > 1 ? atoi(argv[1]) : 20000;
    for (int i = 0; i < iters / 10; i++) MPI_Barrier(MPI_COMM_WORLD);
    double t = MPI_Wtime(), m;
    for (int i = 0; i < iters; i++) MPI_Barrier(MPI_COMM_WORLD);
    t = (MPI_Wtime() - t) / iters;
    MPI_Reduce(&t, &m, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (me == 0) printf("mpi threads=%d barrier_us=%.3f\n", n, m * 1e6);
    MPI_Finalize();
    return 0;
}
