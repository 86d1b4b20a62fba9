/* upc-check-test
 * expect: collective-mismatch
 * line: 25 27
 * threads: 2 4 8
 * report: the threads diverged at collective operation #2: thread 0 was at upc_barrier at extra_barrier_before_forall_err.upc:25
 * report: the first one thread 0 did not run is the upc_forall at extra_barrier_before_forall_err.upc:27
 * report: a controlling upc_forall is a collective operation
 */
/* Error: the thread that owns the input file waits at an extra barrier after reading it, while the others go on into the upc_forall */
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
        upc_barrier;
    }
    upc_forall (i = 0; i < 4 * THREADS; i++; &v[i])
        v[i] *= 2;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("v[1] = %d\n", v[1]);
    return 0;
}
