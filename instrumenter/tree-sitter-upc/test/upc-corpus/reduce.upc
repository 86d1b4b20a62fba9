#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#pragma upc strict

#define N 64
#define B (N / 4)

shared [B] double A[N][N];
shared [N*N/THREADS] int x[N*N];
shared double sum[THREADS];
upc_lock_t *shared lock;
shared [] int *shared directory[THREADS];
static shared int counter = 0;
typedef struct { shared [] int *data; size_t n; } vec_t;
shared vec_t vecs[THREADS];

void mat_init(shared [B] double (*m)[N], int n) {
    int i, j;
    upc_forall (i = 0; i < n; i++; &m[i][0])
        for (j = 0; j < N; j++)
            m[i][j] = i * N + j;
}

double reduce(void) {
    double local = 0.0;
    upc_forall (int i = 0; i < N; i++; i) {
        upc_forall (int j = 0; j < N; j++; continue)
            local += A[i][j];
    }
    sum[MYTHREAD] = local;
    upc_barrier;
    if (MYTHREAD == 0) {
        double total = 0;
        for (int t = 0; t < THREADS; t++) total += sum[t];
        return total;
    }
    return 0;
}

int main(int argc, char **argv) {
    shared [] int *p;
    int *lp;
    if (MYTHREAD == 0) {
        lock = upc_all_lock_alloc();
    }
    p = (shared [] int *)upc_alloc(10 * sizeof(int));
    directory[MYTHREAD] = p;
    lp = (int *)&p[0];
    upc_lock(lock);
    counter++;
    upc_unlock(lock);
    upc_notify 1;
    *lp = upc_threadof(&A[1][2]) + upc_phaseof(&A[1][2]) + (int)upc_addrfield(p);
    upc_wait 1;
    printf("%zu %zu %zu\n", upc_localsizeof(A), upc_blocksizeof(A), upc_elemsizeof A);
    strict shared int *sp = (strict shared int *)&counter;
    relaxed shared [*] double *rp;
    upc_fence;
    upc_all_broadcast(x, &x[0], sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_barrier MYTHREAD % 2 == 0 ? 1 : 1;
    return 0;
}
