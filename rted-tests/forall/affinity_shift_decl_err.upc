/* upc-check-test
 * expect: forall-not-single-valued
 * line: 22
 * threads: 2 4 8
 * report: affinity `i + shift` (variable 'shift' declared at affinity_shift_decl_err.upc:18)
 * report: with condition `i < n`
 */
/* Error: the owner shift of the loop is read from a per-thread copy that one thread has updated */
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
    shift = shifts[MYTHREAD];
    upc_forall (i = 0; i < n; i++; i + shift)
        a[i] = i;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("a[3] = %d\n", a[3]);
    return 0;
}
