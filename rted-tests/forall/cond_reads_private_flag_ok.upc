/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the condition depends only on the index; the negative value is skipped in the body */
#include <upc.h>
#include <stdio.h>

#define N 6
shared int val[N * THREADS];

int main(void)
{
    int i, go = 1;
    upc_forall (i = 0; i < N * THREADS; i++; &val[i]) val[i] = (i == N) ? -1 : i;
    upc_barrier;
    upc_forall (i = 0; i < N * THREADS ; i++; i) {
        if (val[i] < 0) { go = 0; continue; }
        val[i] *= 2;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("val[0] = %d\n", val[0]);
    return 0;
}
