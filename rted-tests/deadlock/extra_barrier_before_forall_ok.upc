/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of extra_barrier_before_forall_err.upc: every thread waits for the reader at the same barrier */
#include <upc.h>
#include <stdio.h>

shared int v[4 * THREADS];
shared int reader;

int main(void)
{
    int i;
    if (MYTHREAD == 0)
        reader = 0;
    upc_barrier;
    if (MYTHREAD == reader) {
        for (i = 0; i < 4 * THREADS; i++)
            v[i] = i;
    }
    upc_barrier;
    upc_forall (i = 0; i < 4 * THREADS; i++; &v[i])
        v[i] *= 2;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("v[1] = %d\n", v[1]);
    return 0;
}
