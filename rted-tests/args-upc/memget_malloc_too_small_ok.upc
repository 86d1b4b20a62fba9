/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of memget_malloc_too_small_err.upc: the buffer is allocated for the global count */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define PER 32
shared [PER] long samples[PER * THREADS];

int main(void)
{
    long *recv;
    size_t local = 4, global = PER;
    int i;
    for (i = 0; i < PER; i++)
        samples[PER * MYTHREAD + i] = i;
    upc_barrier;
    recv = malloc(global * sizeof(long));
    upc_memget(recv, &samples[PER * ((MYTHREAD + 1) % THREADS)], global * sizeof(long));
    printf("thread %d: %ld of %zu\n", MYTHREAD, recv[0], local);
    free(recv);
    return 0;
}
