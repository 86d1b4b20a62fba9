/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * stdout: spun 1 1
 * timeout: 60
 */
/* A thread that spins on a relaxed shared variable of its own, in user code (a direct local
 * load, no call into the runtime), until other threads write it: legal UPC.  With every thread
 * its own node (UPC_MPI_NODES=rank) over TCP, the writers' puts are served by the spinning
 * thread's progress thread (the MPI conduit's); without it they never complete. */
#include <upc.h>
#include <stdio.h>

shared int flag[THREADS];
shared int got[THREADS];

int main(void)
{
    int me = MYTHREAD, next = (MYTHREAD + 1) % THREADS;
    flag[me] = 0;
    upc_barrier;
    if (me == 0) {
        /* thread 0 writes every other thread's flag and reads it back, while they spin */
        for (int t = 1; t < THREADS; t++) {
            flag[t] = t;
            got[0] += flag[t];
        }
    } else {
        while (flag[me] == 0)
            ;
        /* then each reads its right neighbour's (which may still spin) */
        got[me] = flag[next] + 1;
    }
    upc_barrier;
    if (me == 0) {
        int sum = 0;
        for (int t = 1; t < THREADS; t++)
            sum += got[t] > 0;
        printf("spun %d %d\n", got[0] == THREADS * (THREADS - 1) / 2, sum == THREADS - 1);
    }
    return 0;
}
