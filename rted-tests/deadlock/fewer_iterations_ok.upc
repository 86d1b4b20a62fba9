/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of fewer_iterations_err.upc: the iteration count is the same on every thread */
#include <upc.h>
#include <stdio.h>

shared int count[THREADS];
shared double grid[THREADS];

int main(void)
{
    int it;
    count[MYTHREAD] = 3;
    grid[MYTHREAD] = 1.0;
    upc_barrier;
    for (it = 0; it < count[MYTHREAD]; it++) {
        grid[MYTHREAD] = 0.5 * (grid[MYTHREAD] + grid[(MYTHREAD + 1) % THREADS]);
        upc_barrier;
    }
    if (MYTHREAD == 0) printf("grid[0] = %f\n", grid[0]);
    return 0;
}
