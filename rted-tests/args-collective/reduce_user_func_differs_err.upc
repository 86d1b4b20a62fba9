/* upc-check-test
 * expect: single-valued-mismatch
 * line: 24
 * threads: 2 3 4 8
 */
/* Error: a user reduction with UPC_NONCOMM_FUNC takes its function from a table indexed by a per-thread mode; the last thread picks the max function while the others pick the sum */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

static long lsum(long a, long b) { return a + b; }
static long lmax(long a, long b) { return a > b ? a : b; }
typedef long (*binop_t)(long, long);
static binop_t table[2] = { lsum, lmax };
shared long in[THREADS];
shared long out;
shared int mode[THREADS];

int main(void)
{
    in[MYTHREAD] = MYTHREAD;
    mode[MYTHREAD] = MYTHREAD == THREADS - 1;
    upc_barrier;
    upc_all_reduceL(&out, in, UPC_NONCOMM_FUNC, THREADS, 1, table[mode[MYTHREAD]], UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("out = %ld\n", (long) out);
    return 0;
}
