/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* OK: every thread is done with its neighbour's counter before it is freed */
#include <upc.h>
#include <stdio.h>
#include <stdint.h>

shared int64_t *shared counters[THREADS];
shared int done_with[THREADS];

int main(void)
{
    int64_t old = 0;
    int peer = (MYTHREAD + 1) % THREADS;
    counters[MYTHREAD] = (shared int64_t *)upc_alloc(sizeof(int64_t));
    *counters[MYTHREAD] = 0;
    upc_barrier;
    (void)bupc_atomicI64_fetchadd_relaxed(counters[peer], 1);
    upc_barrier;
    if (done_with[peer] == 0)
        old = bupc_atomicI64_fetchadd_relaxed(counters[peer], 1);
    upc_barrier;
    upc_free(counters[MYTHREAD]);
    printf("thread %d: old %ld\n", MYTHREAD, (long)old);
    return 0;
}
