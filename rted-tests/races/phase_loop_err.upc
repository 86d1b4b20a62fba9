/* upc-check-test
 * expect: data-race
 * line: 19 21
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: phase_loop_err.upc:19 and phase_loop_err.upc:21
 */
/* In a loop of barrier phases, the reader of phase k reads the value written in the same phase */
#include <upc.h>
#include <stdio.h>

shared int token;

int main(void)
{
    int k, seen = 0;
    for (k = 0; k < 3; k++) {
        if (MYTHREAD == k % THREADS)
            token = k;
        if (MYTHREAD == (k + 1) % THREADS)
            seen += token;
        upc_barrier;
    }
    printf("%d\n", seen >= 0);
    return 0;
}
