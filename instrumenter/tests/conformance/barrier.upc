/* upc_barrier, upc_notify and upc_wait with and without values: every phase is
 * separated (a write before the barrier is seen by every thread after it), split-phase
 * barriers with local work between notify and wait, matching and anonymous values. */
#define CONF_FEATURE "barrier"
#include "conf.h"

// expect-stdout: barrier: 2000 phases, counter 2000

#define PHASES 2000
shared int counter;
shared int stamp[THREADS];
shared long partial[THREADS];

static long local_work(long seed)
{
    long s = 0;
    for (long k = 0; k < 1000; k++)
        s += (seed + k) % 7;
    return s;
}

int main(void)
{
    long T = THREADS, me = MYTHREAD;

    /* 1. In phase p, thread p % T increments the counter; after the barrier every
     *    thread sees p + 1. Alternate the barrier forms. */
    for (int p = 0; p < PHASES; p++) {
        if (p % T == me)
            counter = counter + 1;
        switch (p % 4) {
        case 0:
            upc_barrier;
            break;
        case 1:
            upc_barrier p;
            break;
        case 2:
            upc_notify;
            upc_wait;
            break;
        default:
            upc_notify p * 3;
            upc_wait p * 3;
            break;
        }
        CHECK_EQI(counter, p + 1, p);
        upc_barrier;
    }
    CHECK_EQ(counter, PHASES);

    /* 2. Split phase: publish, notify, do local work, wait, read the others. */
    for (int round = 1; round <= 50; round++) {
        stamp[MYTHREAD] = round;
        upc_notify round;
        partial[MYTHREAD] = local_work(me + round);
        upc_wait round;
        for (long t = 0; t < T; t++)
            CHECK_EQI(stamp[t], round, t);
        upc_barrier;
    }
    upc_barrier;
    for (long t = 0; t < T; t++)
        CHECK_EQI(partial[t], local_work(t + 50), t);
    upc_barrier;

    /* 3. Only some threads give a value: consensus from those, anonymous ones match. */
    if (me % 2 == 0)
        upc_barrier 42;
    else
        upc_barrier;
    if (me % 2 == 1)
        upc_notify 7;
    else
        upc_notify;
    upc_wait;
    upc_notify;
    if (me == 0)
        upc_wait 9; /* no thread gave a notify value: wait values are not checked */
    else
        upc_wait;
    /* a value computed differently on each thread but equal */
    upc_barrier (int)(me * 0 + T * 2);
    /* char, long and double expressions convert to int */
    upc_barrier (char)5;
    upc_barrier 5L;
    upc_barrier 2.0;
    upc_barrier -1;

    if (MYTHREAD == 0)
        printf("barrier: %d phases, counter %d\n", PHASES, (int)counter);
    return conf_finish();
}
