/* upc-check-test
 * expect: single-valued-mismatch
 * line: 25
 * threads: 2 3 4 8
 */
/* Error: prefix sums over growing prefixes of an array; the loop bound on thread 1 is one larger, so in the last call thread 1 passes a different nelems */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define B 4
shared [B] int v[B * THREADS];
shared [B] int ps[B * THREADS];
shared int bound[THREADS];

int main(void)
{
    int n, i;
    for (i = 0; i < B; i++) v[MYTHREAD * B + i] = 1;
    bound[MYTHREAD] = B * THREADS - 1 + (MYTHREAD == 1);
    upc_barrier;
    for (n = B * THREADS - 3; n <= B * THREADS - 1; n++) {
        if (n == B * THREADS - 1 && bound[MYTHREAD] != n)
            n = bound[MYTHREAD];
        upc_all_prefix_reduceI(ps, v, UPC_ADD, n, B, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    }
    if (MYTHREAD == 0) printf("ps[1] = %d\n", ps[1]);
    return 0;
}
