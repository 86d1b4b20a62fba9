/* upc-check-test
 * expect: data-race
 * line: 26 29
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: forall_int_affinity_continue_err.upc:26 and forall_int_affinity_continue_err.upc:29
 */
/* Tutorial style: a upc_forall with an integer affinity and `continue`.  The even iterations
   read the next element, which the next iteration (another thread) negates in the same loop. */
#include <upc.h>
#include <stdio.h>

#define N (8 * THREADS)

shared int a[N];
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
        a[i] = -a[i];
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%d\n", pair[0]);
    return 0;
}
