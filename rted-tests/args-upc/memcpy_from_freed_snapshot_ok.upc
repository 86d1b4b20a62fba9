/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the snapshot is copied before it is released */
#include <upc.h>
#include <stdio.h>

#define LEN 8
typedef struct { shared [LEN] int *snap; int phase; } ctx_t;
shared [LEN] int live[LEN * THREADS];

static void end_phase(ctx_t *c)
{
    upc_all_free(c->snap);
    c->phase++;
}

int main(void)
{
    ctx_t c;
    int i;
    c.snap = (shared [LEN] int *) upc_all_alloc(THREADS, LEN * sizeof(int));
    c.phase = 0;
    for (i = 0; i < LEN; i++) c.snap[MYTHREAD * LEN + i] = i;
    upc_barrier;
    upc_memcpy(&live[MYTHREAD * LEN], &c.snap[((MYTHREAD + 1) % THREADS) * LEN], LEN * sizeof(int));
    upc_barrier;
    end_phase(&c);
    upc_barrier;
    if (MYTHREAD == 0) printf("live[1] = %d (phase %d)\n", live[1], c.phase);
    return 0;
}
