/* upc-check-test
 * expect: barrier-value-mismatch
 * line: 17
 * threads: 3 4 8
 */
/* Error: thread 1 passes the phase barrier without a value (which matches any), but threads 0 and 2 disagree on the value because thread 2 numbers phases from THREADS */
#include <upc.h>
#include <stdio.h>

shared int base[THREADS];

static void phase_barrier(int tag)
{
    if (MYTHREAD == 1) {
        upc_barrier;
    } else {
        upc_barrier tag;
    }
}

int main(void)
{
    int ph;
    base[MYTHREAD] = (MYTHREAD == 2) ? THREADS : 0;
    upc_barrier;
    for (ph = 0; ph < 3; ph++)
        phase_barrier(base[MYTHREAD] + ph);
    if (MYTHREAD == 0) printf("phases done\n");
    return 0;
}
