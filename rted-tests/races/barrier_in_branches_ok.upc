/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of barrier_in_branches_err.upc: the even threads write before the first barrier. */
#include <upc.h>
#include <stdio.h>

shared int cell[THREADS];

int main(void)
{
    int x = 0;
    if (MYTHREAD % 2 == 0) {
        cell[(MYTHREAD + 1) % THREADS] = 10 + MYTHREAD;
        upc_barrier;
        upc_barrier;
    } else {
        upc_barrier;
        x = cell[MYTHREAD];
        upc_barrier;
    }
    printf("%d: %d\n", MYTHREAD, x);
    return 0;
}
