/* upc-check-test
 * expect: forall-not-single-valued
 * line: 18 21
 * threads: 2 3 4 8
 */
/* Error: a upc_forall's condition also tests a private "keep going" flag that thread 0 clears when it meets a negative value, so thread 0 stops iterating earlier than the others */
#include <upc.h>
#include <stdio.h>

#define N 6
shared int val[N * THREADS];

int main(void)
{
    int i, go = 1;
    upc_forall (i = 0; i < N * THREADS; i++; &val[i]) val[i] = (i == N) ? -1 : i;
    upc_barrier;
    upc_forall (i = 0; i < N * THREADS && go; i++; i) {
        if (val[i] < 0) { go = 0; continue; }
        val[i] *= 2;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("val[0] = %d\n", val[0]);
    return 0;
}
