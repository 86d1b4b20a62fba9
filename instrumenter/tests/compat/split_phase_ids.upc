/* Split-phase barriers as overlap-minded codes use them: upc_notify with an
 * id, independent local work, upc_wait with the same id; barrier ids from
 * expressions (an enum, a loop counter, a char); upc_barrier without and
 * with an id in the same program; a notify/wait pair around a local-only
 * reduction, and strict flags proving that writes before the notify are
 * visible after the wait. */
#include <upc_strict.h>
#include <stdio.h>

#define WORK 2000
#define PHASES 5

enum phase_id { PH_INIT = 10, PH_SWAP = 20, PH_DONE = 30 };

shared int posted[THREADS];
shared double partial[THREADS];
relaxed shared double values[THREADS * WORK];
shared int seen_ok[THREADS];

static double
local_work(int seed)
{
    double s = 0;
    int i;
    for (i = 0; i < WORK; i++)
        s += (double) ((seed + i) % 13) / 13.0;
    return s;
}

int
main(void)
{
    int ph, ok = 1;
    double acc = 0;
    char tag = 'u';

    posted[MYTHREAD] = 0;
    upc_notify PH_INIT;
    acc += local_work(MYTHREAD);          /* overlaps with the barrier */
    upc_wait PH_INIT;

    for (ph = 1; ph <= PHASES; ph++) {
        int i, nb = (MYTHREAD + ph) % THREADS;
        for (i = 0; i < WORK; i++)
            values[MYTHREAD * WORK + i] = ph * 1000.0 + i;
        posted[MYTHREAD] = ph;            /* strict: ordered after the relaxed writes */
        upc_notify ph;
        acc += local_work(ph * 7 + MYTHREAD);
        upc_wait ph;
        /* after the wait every thread's phase-ph data is visible */
        if (posted[nb] != ph)
            ok = 0;
        if (values[nb * WORK + WORK - 1] != ph * 1000.0 + WORK - 1)
            ok = 0;
        upc_barrier PH_SWAP + ph;         /* nobody overwrites before all have read */
    }

    partial[MYTHREAD] = acc;
    upc_notify tag;
    upc_wait tag;
    upc_barrier;
    seen_ok[MYTHREAD] = ok;
    upc_barrier PH_DONE;

    if (MYTHREAD == 0) {
        int t, all = 1;
        double sum = 0, expect = 0;
        for (t = 0; t < THREADS; t++) {
            all &= seen_ok[t];
            sum += partial[t];
            double e = 0;
            e += local_work(t);
            for (ph = 1; ph <= PHASES; ph++)
                e += local_work(ph * 7 + t);
            expect += e;
        }
        printf("%d split phases, data visible after every wait: %s\n", PHASES, all ? "yes" : "NO");
        printf("overlapped work adds up: %s\n", sum == expect ? "yes" : "NO");
    }
    return 0;
}
