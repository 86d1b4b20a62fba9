/* upc-check-test
 * expect: data-race
 * line: 19 22
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: forall_skipped_element_err.upc:19 and forall_skipped_element_err.upc:22
 */
/* Thread 0 writes an element of thread 1's block that thread 1's upc_forall also writes, with
 * no barrier between: the loop passes over other elements only */
#include <upc.h>
#include <stdio.h>

#define B 10
shared [B] double a[B * THREADS];

int main(void)
{
    int i;
    if (MYTHREAD == 0) a[B + 3] = -1.0;
    upc_forall (i = 0; i < B * THREADS; i++; &a[i]) {
        if (i % B == 5) continue;
        a[i] = i;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("%g\n", a[B + 3]);
    return 0;
}
