/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: the member array receives NV values, what it holds */
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
    upc_memget(m.v, &outbox[((MYTHREAD + 1) % THREADS) * MAXV], NV * sizeof(double));
    m.tail = -1;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%d %g %d\n", m.n, m.v[1], m.tail);
    return 0;
}
