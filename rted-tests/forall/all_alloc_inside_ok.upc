/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of all_alloc_inside_err.upc: the scratch array is allocated before the loop */
#include <upc.h>
#include <stdio.h>

#define N 2
shared int in[N * THREADS];

int main(void)
{
    int i;
    shared int *scratch = (shared int *) upc_all_alloc(N * THREADS, sizeof(int));
    upc_forall (i = 0; i < N * THREADS; i++; &in[i]) {
        if (scratch == NULL)
            scratch = (shared int *) upc_all_alloc(N * THREADS, sizeof(int));
        scratch[i] = i;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("scratch[1] = %d\n", scratch[1]);
    return 0;
}
