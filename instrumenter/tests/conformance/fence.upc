/* upc_fence orders relaxed accesses: data written before a fence and a relaxed flag
 * written after it are seen in that order by a reader that fences between reading the
 * flag and reading the data. */
#define CONF_FEATURE "fence"
#include "conf.h"

// expect-stdout: fence: 100 messages handed over with relaxed flags and fences
// race-sweep: skip the flags are relaxed: by UPC's memory model (USERGUIDE, "Data races") upc_fence orders only the calling thread's own accesses, so the relaxed flag write and read race (make flag and acked strict); --upccheck:-r reports it, rightly

#define MSGS 100
#define W 8
shared [W] int box[W * THREADS];
shared int flag[THREADS];   /* relaxed */
shared int acked[THREADS];  /* relaxed */

int main(void)
{
    long T = THREADS, me = MYTHREAD, to = (me + 1) % T, from = (me + T - 1) % T;
    int got = 0;

    for (int m = 1; m <= MSGS; m++) {
        /* wait until the receiver took the previous message */
        for (;;) {
            upc_fence;
            if (acked[to] == m - 1)
                break;
            sched_yield();
        }
        for (int k = 0; k < W; k++)
            box[to * W + k] = m * 100 + k + (int)me;
        upc_fence;
        flag[to] = m;
        /* receive */
        for (;;) {
            upc_fence;
            if (flag[me] == m)
                break;
            sched_yield();
        }
        upc_fence;
        for (int k = 0; k < W; k++)
            CHECK_EQI(box[me * W + k], m * 100 + k + from, m * 100 + k);
        got++;
        upc_fence;
        acked[me] = m;
    }
    upc_barrier;
    CHECK_EQ(got, MSGS);
    if (MYTHREAD == 0)
        printf("fence: %d messages handed over with relaxed flags and fences\n", got);
    return conf_finish();
}
