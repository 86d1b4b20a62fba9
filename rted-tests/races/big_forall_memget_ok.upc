/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of big_forall_memget_err.upc: a barrier separates the updates from the
   upc_memget of the neighbour's block. */
#include <upc.h>
#include <stdio.h>

#define B 4096
#define N (B * THREADS)
shared [B] int v[N];
int copy[B];

int main(void)
{
    int i, r;
    long s = 0;
    upc_forall (i = 0; i < N; i++; &v[i])
        v[i] = i;
    upc_barrier;
    for (r = 0; r < 2; r++) {
        upc_forall (i = 0; i < N; i++; &v[i])
            v[i] += 1;
        upc_barrier;
        upc_memget(copy, &v[((MYTHREAD + 1) % THREADS) * B], sizeof copy);
        s += copy[B - 1];
        upc_barrier;
    }
    printf("%d: %ld\n", MYTHREAD, s);
    return 0;
}
