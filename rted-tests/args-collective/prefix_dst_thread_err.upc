/* upc-check-test
 * expect: invalid-argument
 * line: 22
 * threads: 2 4
 */
/* Error: the prefix-reduce destination starts one element later than the source, so it starts on a different thread */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 4
shared int in[N * THREADS];
shared int out[(N + 1) * THREADS];
shared int out_start;

int main(void)
{
    int i;
    for (i = 0; i < N; i++) in[MYTHREAD + i * THREADS] = 1;
    if (MYTHREAD == 0) out_start = 1;
    upc_barrier;
    upc_all_prefix_reduceI(&out[out_start], in, UPC_ADD, N * THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("last prefix = %d\n", out[out_start + N * THREADS - 1]);
    return 0;
}
