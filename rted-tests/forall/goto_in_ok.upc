/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of goto_in_err.upc: the retry path runs the loop again from its start */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int v[N * THREADS];
shared int retry[THREADS];

int main(void)
{
    int i = 0, passes = 0;
    retry[MYTHREAD] = (MYTHREAD == THREADS - 1);
    upc_barrier;
    if (retry[MYTHREAD])
        passes = 0;
    upc_forall (i = 0; i < N * THREADS; i++; &v[i]) {
        /* retried by the whole loop */
        v[i] += 1;
        passes++;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("passes = %d\n", passes);
    return 0;
}
