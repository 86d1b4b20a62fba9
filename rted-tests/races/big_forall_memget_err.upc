/* upc-check-test
 * expect: data-race
 * line: 27 28
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: big_forall_memget_err.upc:27 and big_forall_memget_err.upc:28
 */
/* Blocks of several pages: each thread updates its block in a upc_forall and fetches its
   neighbour's whole block with upc_memget in the same phase. */
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
        upc_memget(copy, &v[((MYTHREAD + 1) % THREADS) * B], sizeof copy);
        s += copy[B - 1];
        upc_barrier;
    }
    printf("%d: %ld\n", MYTHREAD, s);
    return 0;
}
