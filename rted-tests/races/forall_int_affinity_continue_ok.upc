/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of forall_int_affinity_continue_err.upc: the odd iterations write their
   negation to another array, so the even iterations' reads of the next element race with
   nothing. */
#include <upc.h>
#include <stdio.h>

#define N (8 * THREADS)

shared int a[N];
shared int neg[N];
shared int pair[N / 2];

int main(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; i)
        a[i] = 2 * i + 1;
    upc_barrier;
    upc_forall (i = 0; i < N; i++; i) {
        if (i % 2 == 0) {
            pair[i / 2] = a[i] + a[i + 1];
            continue;
        }
        neg[i] = -a[i];
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%d %d\n", pair[0], neg[1]);
    return 0;
}
