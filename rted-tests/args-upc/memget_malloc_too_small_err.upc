/* upc-check-test
 * expect: invalid-argument
 * line: 26
 * threads: 2 4 8
 * value: n = 256
 * report: private buffer too small: its malloc block holds
 * report: but 256 bytes are transferred
 */
/* Error: the receive buffer is malloc'ed for the local count, but upc_memget copies the global count into it */
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
    recv = malloc(local * sizeof(long));
    upc_memget(recv, &samples[PER * ((MYTHREAD + 1) % THREADS)], global * sizeof(long));
    printf("thread %d: %ld\n", MYTHREAD, recv[0]);
    free(recv);
    return 0;
}
