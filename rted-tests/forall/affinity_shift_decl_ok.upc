/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of affinity_shift_decl_err.upc: the shift is read from one shared value */
#include <upc.h>
#include <stdio.h>

shared int shifts[THREADS];
shared int a[8 * THREADS];

int main(void)
{
    int i, n = 8 * THREADS;
    int shift;
    shifts[MYTHREAD] = (MYTHREAD == THREADS - 1) ? 1 : 0;
    upc_barrier;
    shift = shifts[THREADS - 1];
    upc_forall (i = 0; i < n; i++; i + shift)
        a[i] = i;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("a[3] = %d\n", a[3]);
    return 0;
}
