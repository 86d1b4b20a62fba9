/* upc-check-test
 * expect: single-valued-mismatch
 * line: 27
 * threads: 4
 */
/* User-guide scenario: upc_global_alloc where upc_all_alloc was meant. Every thread calls
 * the non-collective upc_global_alloc and gets its own array, so the src argument of
 * upc_all_reduceI differs between threads. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 4
shared [N] int *ptrA;
shared int sumA;

int main(void)
{
    int i;

    ptrA = (shared [N] int *) upc_global_alloc(THREADS, N * sizeof(int));   /* meant: upc_all_alloc */

    upc_forall (i = 0; i < N * THREADS; i++; i / N)
        ptrA[i] = i;
    upc_barrier;

    upc_all_reduceI(&sumA, ptrA, UPC_ADD, N * THREADS, N, NULL, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);

    upc_barrier;
    if (MYTHREAD == 0) printf("sumA = %d\n", sumA);
    return 0;
}
