/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of phase_loop_err.upc: the value of phase k is read in phase k+1 */
#include <upc.h>
#include <stdio.h>

shared int token;

int main(void)
{
    int k, seen = 0;
    for (k = 0; k < 3; k++) {
        if (MYTHREAD == k % THREADS)
            token = k;
        upc_barrier;
        if (MYTHREAD == (k + 1) % THREADS)
            seen += token;
        upc_barrier;
    }
    printf("%d\n", seen);
    return 0;
}
