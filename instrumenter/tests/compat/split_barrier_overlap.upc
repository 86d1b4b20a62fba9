/* split_barrier_overlap.upc -- split-phase barriers used to overlap private
 * work with synchronization: upc_notify after publishing, private work, then
 * upc_wait before reading the neighbours; barrier values from expressions,
 * matched between notify and wait as the spec requires. */
#include <upc.h>
#include <stdio.h>

#define ROUNDS 25
#define PHASE_ID(r) (1000 + (r))

shared long slot[THREADS];

static long private_work(int r)
{
    long s = 0;
    int i;
    for (i = 0; i < 2000; i++)
        s += (i * r) % 7;
    return s;
}

int main(void)
{
    int r;
    long acc = 0, pw = 0;

    for (r = 0; r < ROUNDS; r++) {
        slot[MYTHREAD] = (long)MYTHREAD * 100 + r;
        upc_notify PHASE_ID(r);
        pw += private_work(r); /* overlapped with the barrier */
        upc_wait PHASE_ID(r);
        acc += slot[(MYTHREAD + 1) % THREADS];
        upc_barrier; /* nobody overwrites a slot still being read */
    }
    slot[MYTHREAD] = acc;
    upc_notify;
    upc_wait;
    if (MYTHREAD == 0) {
        int t, ok = 1;
        for (t = 0; t < THREADS; t++) {
            long n = (t + 1) % THREADS;
            ok &= slot[t] == n * 100 * ROUNDS + ROUNDS * (ROUNDS - 1) / 2;
        }
        printf("%d split-phase rounds: %s (private work %ld)\n", ROUNDS, ok ? "ok" : "WRONG", pw);
    }
    return 0;
}
