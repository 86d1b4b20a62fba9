/* upc-check-test
 * expect: forall-collective
 * line: 19
 * threads: 2 4
 */
/* Error: a scratch array is allocated collectively inside the loop body the first time an iteration needs it */
#include <upc.h>
#include <stdio.h>

#define N 2
shared int in[N * THREADS];

int main(void)
{
    int i;
    shared int *scratch = NULL;
    upc_forall (i = 0; i < N * THREADS; i++; &in[i]) {
        if (scratch == NULL)
            scratch = (shared int *) upc_all_alloc(N * THREADS, sizeof(int));
        scratch[i] = i;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("scratch[1] = %d\n", scratch[1]);
    return 0;
}
