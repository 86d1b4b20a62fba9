/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the parser clamps the value instead of exiting, so thread 0 reaches the broadcast */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { int n; double tol; } params_t;
shared params_t p0;
shared [1] params_t pall[THREADS];

static void parse(params_t *p, int raw)
{
    p->n = raw;
    p->tol = 1e-6;
    if (raw > 1000) {
        fprintf(stderr, "n too large: %d\n", raw);
        p->n = 1000;
    }
}

int main(void)
{
    params_t mine;
    if (MYTHREAD == 0) {
        parse(&mine, 100 * 1000 / (THREADS > 0 ? 1 : 2) / 10);
        p0 = mine;
    }
    upc_all_broadcast(pall, &p0, sizeof(params_t), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: n = %d\n", MYTHREAD, pall[MYTHREAD].n);
    return 0;
}
