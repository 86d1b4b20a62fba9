/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of forall_skipped_element_err.upc: thread 1's upc_forall passes over exactly
 * the element thread 0 writes, so they never touch the same element */
#include <upc.h>
#include <stdio.h>

#define B 10
shared [B] double a[B * THREADS];

int main(void)
{
    int i;
    if (MYTHREAD == 0) a[B + 3] = -1.0;
    upc_forall (i = 0; i < B * THREADS; i++; &a[i]) {
        if (i % B == 3) continue;
        a[i] = i;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("%g\n", a[B + 3]);
    return 0;
}
