/* upc-check-test
 * expect: invalid-argument
 * line: 29
 * threads: 2 3 4 8
 */
/* Error: a snapshot buffer made with upc_all_alloc is released with upc_all_free at the end of a phase, but a pointer kept in a struct is used by upc_memcpy in the next phase */
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
    end_phase(&c);
    upc_memcpy(&live[MYTHREAD * LEN], &c.snap[((MYTHREAD + 1) % THREADS) * LEN], LEN * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 0) printf("live[1] = %d (phase %d)\n", live[1], c.phase);
    return 0;
}
