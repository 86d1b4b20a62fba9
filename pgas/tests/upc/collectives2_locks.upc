/* upc-check-test
 * expect: clean
 * threads: 1 2 4 8
 * stdout: collectives2_locks: ok
 * timeout: 60
 */
/* The two code sequences by which the Collectives 2.0 library defines its ordering rules:
 * a collective started inside a critical section (correct only if initiations never wait
 * for other threads) and a collective completed inside one (correct only if completions
 * never wait for other threads' completions), for an allreduce, a broadcast and a barrier
 * on UPC_TEAM_ALL and on a split team. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>

static int bad = 0;

static void one_round(upccoll_team_t team, upc_lock_t *l, shared [] long *b, int across_wait)
{
    int r, n;
    upccoll_team_rank(team, &r);
    upccoll_team_size(team, &n);
    upccoll_handle_t h[3];
    b[0] = r + 1;
    b[2] = 40 + r;
    if (!across_wait)
        upc_lock(l);
    upccoll_allreduce((shared void *)b, (shared void *)(b + 1), 1, UPC_LONG, UPC_ADD, team, 0, &h[0]);
    upccoll_bcast((shared void *)(b + 2), 1, UPC_LONG, (shared void *)(b + 3), 1, UPC_LONG, n - 1, team, 0, &h[1]);
    upccoll_barrier(team, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, &h[2]);
    if (!across_wait)
        upc_unlock(l);
    else
        upc_lock(l);
    for (int i = 0; i < 3; i++)
        upccoll_wait(h[i]);
    if (across_wait)
        upc_unlock(l);
    if (b[1] != (long)n * (n + 1) / 2 || b[3] != 40 + n - 1) {
        printf("thread %d: sum %ld (want %ld), bcast %ld (want %d)\n", MYTHREAD, b[1],
               (long)n * (n + 1) / 2, b[3], 40 + n - 1);
        bad++;
    }
}

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    upc_lock_t *l = upc_all_lock_alloc();
    shared [] long *b = (shared [] long *)upc_alloc(4 * sizeof(long));
    upccoll_team_t half;
    int lower = MYTHREAD < (THREADS + 1) / 2;
    upccoll_team_split(UPC_TEAM_ALL, lower, lower ? MYTHREAD : MYTHREAD - (THREADS + 1) / 2, &half);
    for (int k = 0; k < 10; k++) {
        /* a lock held across a completion call is safe only when no thread can still be
         * waiting for the lock before its initiation: one round at a time */
        one_round(UPC_TEAM_ALL, l, b, k % 2);
        upc_barrier;
        one_round(half, l, b, k % 2);
        upc_barrier;
    }
    upccoll_team_free(half);
    upccoll_finalize();
    upc_barrier;
    if (bad)
        printf("thread %d: collectives2_locks: %d failures\n", MYTHREAD, bad);
    else if (MYTHREAD == 0)
        printf("collectives2_locks: ok\n");
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(l);
    return bad != 0;
}
