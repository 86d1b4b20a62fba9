/* upc_lock/upc_unlock pairs: uncontended on the caller's own lock and on thread 0's (the other
 * threads wait at a barrier), then contended by every thread with a counter update of thread
 * 0's inside.  Run by benches/mpi/run.sh with every thread its own node (locks on MPI
 * atomics); builds for smp too.  Argument: pairs per measure (default 2000). */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
static double now(void) { struct timeval tv; gettimeofday(&tv, 0); return tv.tv_sec + 1e-6 * tv.tv_usec; }
shared int counter;
int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 2000;
    upc_lock_t *remote = upc_all_lock_alloc();          /* affinity: thread 0 */
    upc_lock_t *own = upc_global_lock_alloc();          /* affinity: this thread */
    upc_barrier;
    double t;
    if (MYTHREAD == THREADS - 1) {
        t = now();
        for (int i = 0; i < n; i++) { upc_lock(own); upc_unlock(own); }
        printf("uncontended own lock: %.2f us/pair\n", (now() - t) / n * 1e6);
        t = now();
        for (int i = 0; i < n; i++) { upc_lock(remote); upc_unlock(remote); }
        printf("uncontended %s lock: %.2f us/pair\n", THREADS > 1 ? "remote" : "own", (now() - t) / n * 1e6);
    }
    upc_barrier;
    t = now();
    for (int i = 0; i < n; i++) { upc_lock(remote); counter++; upc_unlock(remote); }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("contended (%d threads): %.2f us/pair, counter %s\n", THREADS, (now() - t) / n / THREADS * 1e6,
               counter == n * THREADS ? "ok" : "WRONG");
    return 0;
}
