/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of permute_out_nosync_err.upc: the permutation synchronizes on exit */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define M 3
typedef struct { int from; double w[M]; } msg_t;
shared msg_t out[THREADS];
shared msg_t in[THREADS];
shared int perm[THREADS];

int main(void)
{
    int k;
    out[MYTHREAD].from = MYTHREAD;
    for (k = 0; k < M; k++) out[MYTHREAD].w[k] = MYTHREAD + 0.25 * k;
    perm[MYTHREAD] = (MYTHREAD + 1) % THREADS;
    upc_barrier;
    upc_all_permute(in, out, perm, sizeof(msg_t), UPC_IN_NOSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d got the message of %d\n", MYTHREAD, in[MYTHREAD].from);
    upc_barrier;
    return 0;
}
