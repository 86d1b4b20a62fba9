/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * flags: --upccheck:-r
 */
/* Correct: `head` is strict, so the producer's slot write before its strict write of head is ordered before the consumer's slot read after its strict read of head (and the strict `tail` orders the slot's reuse) */
#include <upc.h>
#include <stdio.h>

#define QLEN 4
#define ITEMS 10
#define PRODUCER 0
#define CONSUMER (THREADS - 1)

shared [] int slot[QLEN];        /* on thread 0 */
strict shared int head;          /* items produced */
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
