/* upc-check-test
 * expect: data-race
 * line: 20 24
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: barrier_in_branches_err.upc:20 and barrier_in_branches_err.upc:24
 */
/* Odd and even threads reach the same number of barriers through different branches; the
   even threads write their right neighbour's cell before theirs, the odd ones read it after. */
#include <upc.h>
#include <stdio.h>

shared int cell[THREADS];

int main(void)
{
    int x = 0;
    if (MYTHREAD % 2 == 0) {
        upc_barrier;
        cell[(MYTHREAD + 1) % THREADS] = 10 + MYTHREAD;
        upc_barrier;
    } else {
        upc_barrier;
        x = cell[MYTHREAD];
        upc_barrier;
    }
    printf("%d: %d\n", MYTHREAD, x);
    return 0;
}
