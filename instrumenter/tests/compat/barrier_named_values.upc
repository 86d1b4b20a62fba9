/* Barrier and split-phase forms with values, as in the UPC spec's examples and
 * compiler test suites: upc_barrier with a constant and with an expression
 * equal on all threads, upc_notify/upc_wait pairs with values and without
 * (a missing value matches any), upc_barrier inside a loop driven by a
 * shared counter, and work overlapped between notify and wait. */
#include <upc.h>
#include <stdio.h>

#define ROUNDS 5

shared int token[THREADS];
shared int rounds_done;
shared long acc[THREADS];

int main(void)
{
    int r, i;
    long local = 0;

    token[MYTHREAD] = MYTHREAD;
    if (MYTHREAD == 0)
        rounds_done = 0;
    upc_barrier 100;

    for (r = 0; r < ROUNDS; r++) {
        int left = (MYTHREAD + THREADS - 1) % THREADS;
        int got = token[left];
        upc_notify r * 10 + 1;
        /* overlap private work with the barrier */
        for (i = 0; i < 1000; i++)
            local += (i ^ r) & 7;
        upc_wait r * 10 + 1;
        token[MYTHREAD] = got;
        upc_barrier;                    /* no value: matches anything */
    }
    if (MYTHREAD == 0)
        rounds_done = ROUNDS;
    upc_notify;
    upc_wait 7;                         /* a value on one side only */

    acc[MYTHREAD] = local;
    upc_barrier (THREADS > 1 ? 2 : 3) + 40;
    if (MYTHREAD == 0) {
        int ok = 1;
        for (i = 0; i < THREADS; i++) {
            ok &= token[i] == (i - ROUNDS % THREADS + THREADS) % THREADS;
            ok &= acc[i] == acc[0];
        }
        printf("after %d rounds the tokens moved %d places: %s\n", rounds_done, ROUNDS,
               ok ? "ok" : "WRONG");
        printf("private work %ld\n", acc[0]);
    }
    upc_barrier 0x7fffffff;
    return 0;
}
