/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of memcpy_ring_err.upc: a barrier between the upc_memcpy into the neighbour's
   inbox and the reads of the thread's own inbox. */
#include <upc.h>
#include <stdio.h>

#define B 8
shared [B] int outbox[B * THREADS];
shared [B] int inbox[B * THREADS];

int main(void)
{
    int k, sum = 0;
    int right = (MYTHREAD + 1) % THREADS;
    for (k = 0; k < B; k++) {
        outbox[MYTHREAD * B + k] = MYTHREAD * 100 + k;
        inbox[MYTHREAD * B + k] = -1;
    }
    upc_barrier;
    upc_memcpy(&inbox[right * B], &outbox[MYTHREAD * B], B * sizeof(int));
    upc_barrier;
    for (k = 0; k < B; k++)
        sum += inbox[MYTHREAD * B + k];
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, sum);
    return 0;
}
