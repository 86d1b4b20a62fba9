/* upc-check-test
 * expect: invalid-argument
 * line: 29
 * threads: 2 4
 * report: target must not point to shared storage that was already freed
 * report: was freed at bupc_atomic_freed_target_err.upc:26 by upc_free
 */
/* Error: a Berkeley atomic fetch-and-add on a counter that its owner has already freed */
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
    /* the owner frees its counter while the right neighbour still counts on it */
    upc_free(counters[MYTHREAD]);
    upc_barrier;
    if (done_with[peer] == 0)
        old = bupc_atomicI64_fetchadd_relaxed(counters[peer], 1);
    printf("thread %d: old %ld\n", MYTHREAD, (long)old);
    return 0;
}
