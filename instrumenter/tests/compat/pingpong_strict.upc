/* Ping-pong between pairs of threads through strict shared variables.
 * Threads 2k and 2k+1 play; with an odd number of threads the last one sits out. */
#include <upc.h>
#include <stdio.h>

#define ROUNDS 50

strict shared int ball[THREADS];        /* ball[t]: last round number received by t */
strict shared long payload[THREADS];
shared int result[THREADS];

int main(void)
{
    int r, partner, ok = 1;

    ball[MYTHREAD] = 0;
    payload[MYTHREAD] = 0;
    upc_barrier;

    partner = MYTHREAD ^ 1;
    if (partner < THREADS) {
        for (r = 1; r <= ROUNDS; r++) {
            if (MYTHREAD % 2 == 0) {
                /* ping: send round r, wait for the answer */
                payload[partner] = 1000L * r + MYTHREAD;
                ball[partner] = r;
                while (ball[MYTHREAD] != r)
                    ;
                if (payload[MYTHREAD] != 1000L * r + partner)
                    ok = 0;
            } else {
                while (ball[MYTHREAD] != r)
                    ;
                if (payload[MYTHREAD] != 1000L * r + partner)
                    ok = 0;
                payload[partner] = 1000L * r + MYTHREAD;
                ball[partner] = r;
            }
        }
    }
    result[MYTHREAD] = ok;
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, pairs = 0, good = 1;
        for (t = 0; t < THREADS; t++)
            good = good && result[t];
        pairs = THREADS / 2;
        printf("%d pairs, %d rounds each: %s\n", pairs, ROUNDS, good ? "all messages correct" : "ERROR");
    }
    return 0;
}
