/* upc-check-test
 * expect: clean
 * threads: 2 4
 * files: reduce_in_call_lib.upc
 */
/* Correct twin of reduce_in_call_err.upc: the helper is called after the loop */
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
    }
    {
        total = update_stats(v, N * THREADS);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("total = %d\n", total);
    return 0;
}
