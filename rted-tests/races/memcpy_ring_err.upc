/* upc-check-test
 * expect: data-race
 * line: 26 28
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: memcpy_ring_err.upc:26 and memcpy_ring_err.upc:28
 */
/* Ring shift with upc_memcpy: each thread copies its block into its right neighbour's inbox
   while the neighbour still reads its inbox from the previous round (no barrier between). */
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
    for (k = 0; k < B; k++)
        sum += inbox[MYTHREAD * B + k];
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, sum);
    return 0;
}
