/* Flag hand-offs written with the consistency pragmas at block scope, as the UPC spec's
 * examples do: the file is relaxed (<upc_relaxed.h>), the functions that publish and
 * consume a message switch to `#pragma upc strict` at the top of a block, a nested block goes
 * back to `#pragma upc relaxed` for bulk copying, and explicitly `strict`/`relaxed`
 * qualified objects keep their own consistency under either pragma. */
#include <upc_relaxed.h>
#include <stdio.h>

#define LEN 32

shared [LEN] int mailbox[THREADS][LEN];
shared int ready[THREADS];          /* relaxed by the file, strict where the pragma says */
strict shared int done_count;       /* always strict */
relaxed shared int scratch[THREADS]; /* always relaxed */

static void publish(int to, int round)
{
    {
#pragma upc relaxed
        int k;
        for (k = 0; k < LEN; k++)
            mailbox[to][k] = round * 1000 + MYTHREAD * LEN + k;
    }
    {
#pragma upc strict
        ready[to] = round; /* strict: the data above is visible before the flag */
    }
}

static long consume(int round)
{
#pragma upc strict
    long sum = 0;
    int k;
    while (ready[MYTHREAD] != round) /* strict read: one per iteration */
        ;
    for (k = 0; k < LEN; k++)
        sum += mailbox[MYTHREAD][k] % 1000;
    return sum;
}

int main(void)
{
    long total = 0;
    int round;
    ready[MYTHREAD] = 0;
    if (MYTHREAD == 0)
        done_count = 0;
    upc_barrier;
    for (round = 1; round <= 3; round++) {
        publish((MYTHREAD + 1) % THREADS, round);
        total += consume(round);
        upc_barrier; /* the mailbox is reused next round */
    }
    scratch[MYTHREAD] = (int)total;
    upc_lock_t *l = upc_all_lock_alloc();
    upc_lock(l);
    done_count = done_count + 1;
    upc_unlock(l);
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, ok = 1;
        for (t = 0; t < THREADS; t++) {
            int from = (t + THREADS - 1) % THREADS;
            /* each received value is round*1000 + from*LEN + k, of which % 1000 is kept */
            long got = 0;
            int k, r;
            for (r = 1; r <= 3; r++)
                for (k = 0; k < LEN; k++)
                    got += (r * 1000 + from * LEN + k) % 1000;
            ok &= scratch[t] == got;
        }
        printf("hand-offs %s, %s threads done\n", ok ? "ok" : "WRONG",
               done_count == THREADS ? "all" : "not all");
        upc_lock_free(l);
    }
    return 0;
}
