/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of break_out_err.upc: the search records the hit and lets the loop run to its end */
#include <upc.h>
#include <stdio.h>

#define N 8
shared int a[N * THREADS];
shared int found[THREADS];

int main(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &a[i])
        a[i] = (i == N * THREADS - 1) ? -1 : i;
    upc_barrier;
    upc_forall (i = 0; i < N * THREADS; i++; &a[i]) {
        if (a[i] < 0) {
            found[MYTHREAD] = i;
            continue;
        }
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("found[%d] = %d\n", THREADS - 1, found[THREADS - 1]);
    return 0;
}
