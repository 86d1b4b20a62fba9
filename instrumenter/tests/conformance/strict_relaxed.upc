/* strict and relaxed: a strict flag hands relaxed data from one thread to another;
 * a strict token passed around the ring orders relaxed writes; explicit relaxed and
 * strict qualifiers on objects and pointers; #pragma upc strict in a block. */
#define CONF_FEATURE "strict_relaxed"
#include "conf.h"

// expect-stdout: strict_relaxed: token went 20 times around the ring

#define ROUNDS 20
#define M 16
strict shared int token;
shared int trail[ROUNDS * THREADS];
strict shared int ready[THREADS];
shared [M] int mailbox[M * THREADS];
relaxed shared long rx;
shared int plain_flag[THREADS];
shared int plain_data[THREADS];

int main(void)
{
    long T = THREADS, me = MYTHREAD;

    /* 1. Point to point: thread t fills the mailbox of t+1 (relaxed), then sets the
     *    strict flag; the receiver waits for its flag and must see all the data. */
    {
        long to = (me + 1) % T, from = (me + T - 1) % T;
        for (int k = 0; k < M; k++)
            mailbox[to * M + k] = (int)(me * 1000 + k);
        ready[to] = 1;
        CONF_SPIN_UNTIL(ready[me] == 1);
        for (int k = 0; k < M; k++)
            CHECK_EQI(mailbox[me * M + k], from * 1000 + k, k);
    }
    upc_barrier;

    /* 2. A token ring: the holder checks what the previous holder wrote (relaxed),
     *    writes its own entry, then passes the token with a strict write. */
    for (int r = 0; r < ROUNDS; r++) {
        int mine = (int)(r * T + me);
        CONF_SPIN_UNTIL(token == mine);
        if (mine > 0)
            CHECK_EQI(trail[mine - 1], (mine - 1) % T + 1, mine);
        trail[mine] = (int)(me + 1);
        token = mine + 1;
    }
    upc_barrier;
    CHECK_EQ(token, ROUNDS * T);
    for (long k = 0; k < ROUNDS * T; k++)
        CHECK_EQI(trail[k], k % T + 1, k);
    upc_barrier;

    /* 3. Pointers with explicit strict/relaxed referenced types. */
    {
        strict shared int *sptr = &ready[me];
        relaxed shared long *rptr = &rx;
        *sptr = 2;
        if (MYTHREAD == 0)
            *rptr = 123456789L;
        upc_barrier;
        CHECK_EQ(rx, 123456789L);
        for (long t = 0; t < T; t++)
            CHECK_EQI(ready[t], 2, t);
        /* a relaxed pointer to a strict object is a legal cast */
        relaxed shared int *rp = (relaxed shared int *)&token;
        CHECK_EQ(*rp, ROUNDS * T);
    }
    upc_barrier;

    /* 4. #pragma upc strict at the start of a block makes plain shared accesses strict. */
    {
#pragma upc strict
        long to = (me + 1) % T;
        plain_data[to] = (int)(me + 500);
        plain_flag[to] = 1;
        CONF_SPIN_UNTIL(plain_flag[me] == 1);
        CHECK_EQ(plain_data[me], (me + T - 1) % T + 500);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("strict_relaxed: token went %d times around the ring\n", (int)token / (int)T);
    return conf_finish();
}
