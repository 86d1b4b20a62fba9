/* upc-check-test
 * expect: invalid-argument
 * line: 30
 * threads: 2 4 8
 * report: private buffer too small
 */
/* Error: a message is received into the member array of a local structure, but the count is the sender's MAXV values, more than the member (and the whole structure) holds */
#include <upc.h>
#include <stdio.h>

#define MAXV 8
#define NV 4

struct msg {
    int n;
    double v[NV];
    int tail;
};

shared [MAXV] double outbox[MAXV * THREADS];

int main(void)
{
    struct msg m;
    int i;
    for (i = 0; i < MAXV; i++)
        outbox[MYTHREAD * MAXV + i] = MYTHREAD + i * 0.25;
    upc_barrier;
    m.n = NV;
    upc_memget(m.v, &outbox[((MYTHREAD + 1) % THREADS) * MAXV], MAXV * sizeof(double));
    m.tail = -1;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%d %g %d\n", m.n, m.v[1], m.tail);
    return 0;
}
