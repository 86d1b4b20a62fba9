/* upc-check-test
 * expect: finished-while-waiting
 * line: 21 24
 * threads: 2 4 8
 */
/* Error: the last thread reads a smaller iteration count, leaves the loop early and finishes while the others wait at the loop's barrier */
#include <upc.h>
#include <stdio.h>

shared int count[THREADS];
shared double grid[THREADS];

int main(void)
{
    int it;
    count[MYTHREAD] = (MYTHREAD == THREADS - 1) ? 2 : 3;
    grid[MYTHREAD] = 1.0;
    upc_barrier;
    for (it = 0; it < count[MYTHREAD]; it++) {
        grid[MYTHREAD] = 0.5 * (grid[MYTHREAD] + grid[(MYTHREAD + 1) % THREADS]);
        upc_barrier;
    }
    if (MYTHREAD == 0) printf("grid[0] = %f\n", grid[0]);
    return 0;
}
