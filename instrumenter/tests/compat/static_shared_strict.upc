/* static shared variables in functions, strict/relaxed qualifiers and
 * #pragma upc, as in the GUPC test suite's memory-model tests */
#include <upc_relaxed.h>
#include <stdio.h>

#define ITER 50

strict shared int flag[THREADS];
relaxed shared int payload[THREADS];
shared strict int counter;
upc_lock_t *lk;

static int next_ticket(void)
{
    static shared int ticket;        /* one copy, affinity to thread 0 */
    static shared [] int log[64];
    int t;
    upc_lock(lk);
    t = ticket++;
    if (t < 64) log[t] = MYTHREAD;
    upc_unlock(lk);
    return t;
}

static int count_ticket_owners(int tid)
{
    static shared [] int log[64];    /* a different object from the one above */
    (void) tid;
    return log[0];
}

int handoff(int rounds)
{
    int r, ok = 1;
    int right = (MYTHREAD + 1) % THREADS;
    int left = (MYTHREAD + THREADS - 1) % THREADS;
    for (r = 1; r <= rounds; r++) {
        /* write data relaxed, then strict flag: the flag orders the data */
        payload[right] = r * 1000 + MYTHREAD;
        flag[right] = r;
        while (flag[MYTHREAD] != r)
            ;
#pragma upc strict
        if (payload[MYTHREAD] != r * 1000 + left) ok = 0;
        upc_barrier;
    }
    return ok;
}

int main(void)
{
    int i, ok, got[ITER];
    lk = upc_all_lock_alloc();
    if (MYTHREAD == 0) counter = 0;
    upc_barrier;

    for (i = 0; i < ITER / THREADS + 1; i++)
        got[i] = next_ticket();
    for (i = 1; i < ITER / THREADS + 1; i++)
        if (got[i] <= got[i-1]) printf("thread %d: tickets out of order\n", MYTHREAD);
    upc_barrier;
    if (count_ticket_owners(0) != 0) printf("static shared in two functions are one object\n");

    ok = handoff(ITER);
    {
        relaxed shared int *rp = &payload[MYTHREAD];
        strict shared int *sp = (strict shared int *) rp;
        *sp += 1;
    }
    upc_barrier;
    if (payload[MYTHREAD] != ITER * 1000 + (MYTHREAD + THREADS - 1) % THREADS + 1) ok = 0;
    upc_lock(lk);
    counter += ok;
    upc_unlock(lk);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("static_shared_strict: %d of %d threads ok\n", counter == THREADS ? THREADS : counter, THREADS);
    if (MYTHREAD == 0) upc_lock_free(lk);
    return 0;
}
