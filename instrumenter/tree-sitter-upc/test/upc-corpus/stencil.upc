/* 1-D Jacobi stencil with ghost cells exchanged through shared memory. */
#include <upc.h>
#include <stdlib.h>

#define PER_THREAD 128
#define ITERS 10

shared [PER_THREAD] double u[PER_THREAD * THREADS];
shared [PER_THREAD] double unew[PER_THREAD * THREADS];
shared double residual[THREADS];
shared [*] int flags[4 * THREADS];

static inline int owner(shared [PER_THREAD] double *p) { return (int)upc_threadof(p); }

void step(void) {
    upc_forall (int i = 1; i < PER_THREAD * THREADS - 1; i++; &unew[i]) {
        unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
    }
    upc_barrier;
    upc_forall (int i = 0; i < PER_THREAD * THREADS; i++; &u[i])
        u[i] = unew[i];
}

int main(void) {
    double *mine = (double *)&u[MYTHREAD * PER_THREAD];
    for (int k = 0; k < PER_THREAD; k++) mine[k] = MYTHREAD;
    upc_barrier 0;
    for (int it = 0; it < ITERS; it++) {
        step();
        upc_notify it;
        residual[MYTHREAD] = mine[0] - mine[PER_THREAD - 1];
        upc_wait it;
    }
    switch (MYTHREAD) {
    case 0:
        upc_fence;
        break;
    default:
        upc_forall (int t = 0; t < THREADS; t++; t) flags[t] = 1;
    }
    size_t blk = upc_blocksizeof(flags) + upc_elemsizeof(shared [PER_THREAD] double);
    return blk == 0 ? EXIT_FAILURE : owner(&u[0]);
}
