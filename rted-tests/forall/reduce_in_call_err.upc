/* upc-check-test
 * expect: forall-collective
 * line: reduce_in_call_lib.upc:9
 * threads: 2 4
 * files: reduce_in_call_lib.upc
 */
/* Error: the loop body calls a statistics helper in another file that performs upc_all_reduceI two calls deep */
#include <upc.h>
#include <stdio.h>

#define N 4
extern int update_stats(shared int *v, int n);
shared int v[N * THREADS];

int main(void)
{
    int i, total = 0;
    upc_forall (i = 0; i < N * THREADS; i++; &v[i]) {
        v[i] = 1;
        if (i % (N * THREADS) == N * THREADS - 1)
            total = update_stats(v, N * THREADS);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("total = %d\n", total);
    return 0;
}
