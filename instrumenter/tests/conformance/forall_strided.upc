/* upc_forall loops over `i` with affinity `i`, `&A[i]` or `&P[i]` (P a pointer-to-shared,
 * from upc_all_alloc or pointing into an array at any phase) visit only the calling
 * thread's iterations (a loop of their own for whole blocks): every start and bound, block
 * sizes 1, 3 and 5, each iteration run once, by the owner, when the loop controls; every
 * iteration on every thread when it does not (nested in a controlling loop). */
#define CONF_FEATURE "forall_strided"
#include "conf.h"

// expect-stdout: forall_strided: every iteration ran once on its owner
// expect-stdout: forall_strided: pointer loops ran once on their owners
// expect-stdout: forall_strided: long block-1 loops ran once on their owners

shared [3] int A[9 * THREADS];
shared [5] int B[10 * THREADS];
shared int hits[40 * THREADS];
shared [3] int E[9 * THREADS], F[9 * THREADS];
/* long enough for the runs of block-1 loops (chunks of 256 and 8192 iterations per thread) */
#define LONG_PER_THREAD 17000
shared int L[LONG_PER_THREAD * THREADS];

static int run_all(int lo, int hi)
{
    int n = 0, i;
    upc_forall (i = lo; i < hi; i++; &A[i])
        n++;
    return n;
}

int main(void)
{
    for (int lo = 0; lo < 7; lo++) {
        for (int hi = lo; hi < 9 * THREADS; hi += 5) {
            int i;
            upc_forall (i = lo; i < hi; i++; &A[i]) {
                A[i] = i;
                CHECK_EQI(upc_threadof(&A[i]), MYTHREAD, i);
            }
            upc_forall (int j = lo; j <= hi; j++; j) {
                hits[j] += 1;
                CHECK_EQI(j % THREADS, MYTHREAD, j);
            }
            upc_forall (i = lo; i < hi; i++; &B[i]) {
                B[i] = -i;
                CHECK_EQI(upc_threadof(&B[i]), MYTHREAD, i);
            }
            /* nested in a controlling loop: not controlling, runs every iteration */
            upc_forall (int k = 0; k < THREADS; k++; k)
                CHECK_EQ(run_all(lo, hi), hi - lo);
            upc_barrier;
            if (MYTHREAD == 0) {
                for (int k = lo; k < hi; k++) {
                    CHECK_EQI(A[k], k, k);
                    CHECK_EQI(B[k], -k, k);
                    A[k] = B[k] = 0;
                }
                for (int k = lo; k <= hi; k++) {
                    CHECK_EQI(hits[k], 1, k);
                    hits[k] = 0;
                }
            }
            upc_barrier;
        }
    }
    if (MYTHREAD == 0)
        printf("forall_strided: every iteration ran once on its owner\n");

    /* pointers-to-shared: an allocation (thread 0, phase 0) and pointers into A at every
     * start element (any thread and phase) */
    shared [3] int *D = (shared [3] int *)upc_all_alloc(3 * THREADS, 3 * sizeof(int));
    for (int from = 0; from < 7; from++) {
        shared [3] int *P = from == 0 ? D : &A[from];
        int n = 9 * THREADS - from, i;
        /* other pointers in the body: same start as P (direct), or not (general path) */
        shared [3] int *Q = from == 0 ? E : &E[from];
        shared [3] int *R = &F[from + 1];
        upc_forall (i = 0; i < n; i++; &P[i]) {
            P[i] = 1000 + i;
            Q[i] = 2000 + i;
            if (i + 1 < n)
                R[i] = 3000 + i;
            CHECK_EQI(upc_threadof(&P[i]), MYTHREAD, i);
            CHECK_EQI(upc_threadof(&P[i]), upc_threadof(P + i), i);
        }
        shared int *C = (shared int *)&hits[from];
        upc_forall (i = 0; i < 40 * THREADS - from; i++; &C[i])
            C[i] += 1;
        upc_barrier;
        if (MYTHREAD == 0) {
            for (int k = 0; k < n; k++) {
                CHECK_EQI(P[k], 1000 + k, k);
                CHECK_EQI(E[from + k], 2000 + k, k);
                if (k + 1 < n)
                    CHECK_EQI(F[from + 1 + k], 3000 + k, k);
                P[k] = 0;
            }
            for (int k = 0; k < 9 * THREADS; k++)
                E[k] = F[k] = 0;
            for (int k = from; k < 40 * THREADS; k++) {
                CHECK_EQI(hits[k], 1, k);
                hits[k] = 0;
            }
        }
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("forall_strided: pointer loops ran once on their owners\n");

    /* long block-1 loops, ending inside and at the edges of the runs, steps 1 and 3 */
    static const int ends[] = {255, 256, 257, 8191, 8192, 8193, 8448, 16383, 16385,
                               LONG_PER_THREAD};
    shared int *M = (shared int *)&L[1];
    for (unsigned e = 0; e < sizeof ends / sizeof ends[0]; e++) {
        int hi = ends[e] * THREADS - (e % 3), i;
        for (int step = 1; step <= 3; step += 2) {
            upc_forall (i = 2; i < hi; i += step; &L[i])
                L[i] += 1;
            upc_forall (i = 0; i < hi - 1; i += step; &M[i])
                M[i] += 1;
            upc_barrier;
            /* every thread checks its own elements */
            for (int k = MYTHREAD; k < LONG_PER_THREAD * THREADS; k += THREADS) {
                int want = (k >= 2 && k < hi && (k - 2) % step == 0) +
                           (k >= 1 && k < hi && (k - 1) % step == 0);
                CHECK_EQI(L[k], want, k);
                L[k] = 0;
            }
            upc_barrier;
        }
    }
    if (MYTHREAD == 0)
        printf("forall_strided: long block-1 loops ran once on their owners\n");
    return conf_finish();
}
