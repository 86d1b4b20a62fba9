/* <upc_strict.h> makes unqualified shared accesses strict for the rest of the file;
 * a relaxed-qualified object stays relaxed; #pragma upc relaxed in a block switches
 * back for that block only. */
#include <upc_strict.h>
#define CONF_FEATURE "strict_header"
#include "conf.h"

// expect-stdout: strict_header: handed 50 values along the ring

#define ROUNDS 50
shared int flag[THREADS];       /* strict by the header */
shared int value[THREADS];      /* strict by the header */
shared int ack[THREADS];        /* strict: messages consumed by each thread */
relaxed shared int scratch[THREADS];

int main(void)
{
    long T = THREADS, me = MYTHREAD, to = (me + 1) % T, from = (me + T - 1) % T;
    int received = 0;

    /* Each round: wait until the right neighbour consumed the previous message, send it
     * a value, wait for the left neighbour's value, acknowledge it.  flag[t] counts the
     * messages delivered to t, ack[t] the ones t has read. */
    for (int r = 0; r < ROUNDS; r++) {
        CONF_SPIN_UNTIL(ack[to] == r);
        value[to] = (int)(r * 1000 + me);
        flag[to] = r + 1;
        CONF_SPIN_UNTIL(flag[me] == r + 1);
        CHECK_EQI(value[me], r * 1000 + from, r);
        ack[me] = r + 1;
        received++;
    }
    upc_barrier;
    {
#pragma upc relaxed
        scratch[me] = received;
        value[me] = -1;
    }
    upc_barrier;
    for (long t = 0; t < T; t++) {
        CHECK_EQI(scratch[t], ROUNDS, t);
        CHECK_EQI(value[t], -1, t);
    }
    if (MYTHREAD == 0)
        printf("strict_header: handed %d values along the ring\n", received);
    return conf_finish();
}
