/* Open MPI reference for the collectives benchmark: small-message MPI_Bcast,
 * MPI_Reduce and MPI_Allreduce latency (slowest rank's average), ranks on this host. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int n, me;
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    int iters = argc > 1 ? atoi(argv[1]) : 2000;
    double buf = 1.0, out = 0, t, res[3];
    MPI_Barrier(MPI_COMM_WORLD);
    t = MPI_Wtime();
    for (int i = 0; i < iters; i++) MPI_Bcast(&buf, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    t = (MPI_Wtime() - t) / iters;
    MPI_Reduce(&t, &res[0], 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    t = MPI_Wtime();
    for (int i = 0; i < iters; i++) MPI_Reduce(&buf, &out, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    t = (MPI_Wtime() - t) / iters;
    MPI_Reduce(&t, &res[1], 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    t = MPI_Wtime();
    for (int i = 0; i < iters; i++) MPI_Allreduce(&buf, &out, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    t = (MPI_Wtime() - t) / iters;
    MPI_Reduce(&t, &res[2], 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (me == 0)
        printf("latency ranks=%d   Open MPI     MPI_Bcast(8B) %8.2f us  MPI_Reduce      %8.2f us  MPI_Allreduce     %8.2f us\n",
               n, res[0] * 1e6, res[1] * 1e6, res[2] * 1e6);
    MPI_Finalize();
    return 0;
}
