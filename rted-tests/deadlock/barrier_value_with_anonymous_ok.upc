/* upc-check-test
 * expect: clean
 * threads: 3 4 8
 */
/* Correct twin: thread 1 passes without a value and every other thread uses the same phase number */
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
    base[MYTHREAD] = 0;
    upc_barrier;
    for (ph = 0; ph < 3; ph++)
        phase_barrier(base[MYTHREAD] + ph);
    if (MYTHREAD == 0) printf("phases done\n");
    return 0;
}
