/* mf_blocked_extern: a 1-D diffusion on a blocked array of structures that
   three files share through extern declarations in field.h */
#include <stdio.h>
#include "field.h"

#define STEPS 10

shared double totals[THREADS];

int
main(void)
{
    int s, i, mine = 0;
    double sum = 0;

    field_init();
    for (s = 0; s < STEPS; s++) {
        field_step(average3);
        if (s % 3 == 0)
            field_log(MYTHREAD * 100 + s);
    }
    for (i = 0; i < PER * THREADS; i++)
        if (is_mine(i)) {
            sum += field[i].value;
            mine += field[i].step == STEPS && field[i].owner == MYTHREAD;
        }
    totals[MYTHREAD] = sum;
    upc_barrier;
    if (MYTHREAD == 0) {
        double all = 0;
        int t;
        for (t = 0; t < THREADS; t++)
            all += totals[t];
        printf("generation %d, cells per thread stepped %d times: %d\n", generation, STEPS, mine);
        {
            double start = 100.0 * ((PER * THREADS + 9) / 10), d = all - start;
            printf("heat conserved: %s\n", d < 1e-9 * start && -d < 1e-9 * start ? "yes" : "NO");
        }
        printf("log entries: %ld (this thread wrote %d)\n", log_buf[0] / THREADS, log_len);
        printf("element B lives on thread 1 %% THREADS: %s\n", owner_of(B) == 1 % THREADS ? "yes" : "no");
    }
    return 0;
}
