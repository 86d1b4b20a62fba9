/* A token passed around all threads several times through an array of strict
 * flags; each thread busy-waits on its own flag. */
#include <upc_strict.h>
#include <stdio.h>

#define LAPS 5

shared int token[THREADS];
shared long value;

int main(void)
{
    int lap, next = (MYTHREAD + 1) % THREADS;

    token[MYTHREAD] = 0;
    if (MYTHREAD == 0)
        value = 0;
    upc_barrier;

    for (lap = 1; lap <= LAPS; lap++) {
        if (MYTHREAD == 0 && lap == 1)
            ;                                   /* thread 0 starts the first lap */
        else
            while (token[MYTHREAD] < lap)
                ;
        value = (value * 3 + MYTHREAD) % 1000003;
        if (MYTHREAD == THREADS - 1)
            token[next] = lap + 1;              /* thread 0 waits for the next lap */
        else
            token[next] = lap;
    }
    if (MYTHREAD == 0)
        while (token[0] < LAPS + 1)
            ;
    upc_barrier;
    if (MYTHREAD == 0) {
        long want = 0;
        int l, t;
        for (l = 1; l <= LAPS; l++)
            for (t = 0; t < THREADS; t++)
                want = (want * 3 + t) % 1000003;
        printf("token ring: %d laps, value %s\n", LAPS, value == want ? "correct" : "WRONG");
    }
    return 0;
}
