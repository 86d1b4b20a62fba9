/* strict_volatile_mailbox.upc -- point-to-point messages through mailboxes:
 * relaxed payload, then a `volatile strict` sequence number the receiver polls
 * (the strict write orders the payload before it). Every thread sends ROUNDS
 * messages to its right neighbour; the receiver acknowledges each one. */
#include <upc.h>
#include <stdio.h>

#define ROUNDS 6
#define WORDS 4

shared [WORDS] long payload[WORDS * THREADS];
volatile strict shared int seq[THREADS]; /* seq[t]: last message delivered to t */
volatile strict shared int ack[THREADS]; /* ack[t]: last message t consumed */
shared long received[THREADS];

int main(void)
{
    int right = (MYTHREAD + 1) % THREADS, r, w;
    long sum = 0;

    if (THREADS == 1) {
        if (MYTHREAD == 0) printf("mailbox ring: ok\n");
        return 0;
    }
    for (r = 1; r <= ROUNDS; r++) {
        /* send to the right once it has consumed the previous message */
        while (ack[right] != r - 1)
            ;
        for (w = 0; w < WORDS; w++)
            payload[right * WORDS + w] = (long)MYTHREAD * 10000 + r * 10 + w;
        seq[right] = r;
        /* receive from the left */
        while (seq[MYTHREAD] != r)
            ;
        for (w = 0; w < WORDS; w++)
            sum += payload[MYTHREAD * WORDS + w];
        ack[MYTHREAD] = r;
    }
    received[MYTHREAD] = sum;
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, ok = 1;
        for (t = 0; t < THREADS; t++) {
            long left = (t + THREADS - 1) % THREADS, e = 0;
            for (r = 1; r <= ROUNDS; r++)
                for (w = 0; w < WORDS; w++)
                    e += left * 10000 + r * 10 + w;
            ok &= received[t] == e;
        }
        printf("mailbox ring: %s\n", ok ? "ok" : "WRONG");
    }
    return 0;
}
