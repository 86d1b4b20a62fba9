/* The MPI reference of nbcoll.upc: MPI_Bcast + MPI_Allreduce against MPI_Ibcast +
 * MPI_Iallreduce overlapped with the same computation.
 *   mpirun -np P mpi_nbcoll [N] [WORK] [ITERS] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static volatile double sink;

static void compute(long work)
{
    double x = 1.0;
    for (long i = 0; i < work * 1000; i++)
        x = x * 1.0000001 + 1e-9;
    sink = x;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, p;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    int n = argc > 1 ? atoi(argv[1]) : 1024;
    long work = argc > 2 ? atol(argv[2]) : 20;
    int iters = argc > 3 ? atoi(argv[3]) : 200;
    double *b = malloc(4 * n * sizeof(double));
    for (int i = 0; i < n; i++)
        b[i] = b[2 * n + i] = me + i;
    double t[3];
    for (int mode = 0; mode < 3; mode++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        for (int it = 0; it < iters; it++) {
            if (mode == 0) {
                compute(work);
            } else if (mode == 1) {
                MPI_Bcast(b, n, MPI_DOUBLE, it % p, MPI_COMM_WORLD);
                MPI_Allreduce(b + 2 * n, b + 3 * n, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
                compute(work);
            } else {
                MPI_Request r[2];
                MPI_Ibcast(b, n, MPI_DOUBLE, it % p, MPI_COMM_WORLD, &r[0]);
                MPI_Iallreduce(b + 2 * n, b + 3 * n, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &r[1]);
                compute(work);
                MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
            }
        }
        double mine = (MPI_Wtime() - t0) / iters * 1e6;
        MPI_Reduce(&mine, &t[mode], 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    }
    if (me == 0)
        printf("mpi threads=%d n=%d work=%ld compute_us=%.2f blocking_us=%.2f nonblocking_us=%.2f\n",
               p, n, work, t[0], t[1], t[2]);
    free(b);
    MPI_Finalize();
    return 0;
}
