/* upc-check-test
 * expect: data-race
 * line: 28 39
 * threads: 2 4 8
 * flags: --upccheck:-r
 */
/* Error: a single-producer/single-consumer queue between thread 0 and the last thread; the producer writes a slot, calls upc_fence and bumps the relaxed `head` index, which the consumer polls: upc_fence orders only the producer's own accesses, so the relaxed head races */
#include <upc.h>
#include <stdio.h>

#define QLEN 4
#define ITEMS 10
#define PRODUCER 0
#define CONSUMER (THREADS - 1)

shared [] int slot[QLEN];        /* on thread 0 */
shared int head;                 /* items produced */
strict shared int tail;          /* items consumed */

static void produce(int n)
{
    int k;
    for (k = 0; k < n; k++) {
        while (head - tail >= QLEN)
            ;                            /* queue full */
        slot[head % QLEN] = k * k;
        upc_fence;
        head = head + 1;
    }
}

static long consume(int n)
{
    long sum = 0;
    int k;
    for (k = 0; k < n; k++) {
        int h;
        do {
            h = head;
        } while (h == tail);             /* queue empty */
        sum += slot[tail % QLEN];
        tail = tail + 1;
    }
    return sum;
}

int main(void)
{
    long sum = 0;
    if (MYTHREAD == PRODUCER) produce(ITEMS);
    else if (MYTHREAD == CONSUMER) sum = consume(ITEMS);
    upc_barrier;
    if (MYTHREAD == CONSUMER) printf("sum = %ld\n", sum);
    return 0;
}
