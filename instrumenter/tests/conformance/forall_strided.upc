/* upc_forall loops over `i` with affinity `i` or `&A[i]` visit only the calling thread's
 * iterations (a loop of their own for whole blocks): every start and bound, block sizes
 * 1, 3 and 5, each iteration run once, by the owner, when the loop controls; every
 * iteration on every thread when it does not (nested in a controlling loop). */
#define CONF_FEATURE "forall_strided"
#include "conf.h"

// expect-stdout: forall_strided: every iteration ran once on its owner

shared [3] int A[9 * THREADS];
shared [5] int B[10 * THREADS];
shared int hits[40 * THREADS];

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
    return conf_finish();
}
