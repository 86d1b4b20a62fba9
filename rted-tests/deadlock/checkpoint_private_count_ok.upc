/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct: every thread counts the checkpoints, whether it wrote this one or not, so the tags agree */
#include <upc.h>
#include <stdio.h>

#define STEPS 12
#define CKPT_EVERY 5

shared [4] double field[4 * THREADS];
shared double saved[4 * THREADS];

static void write_checkpoint(void)
{
    int i;
    for (i = 0; i < 4 * THREADS; i++) saved[i] = field[i];
}

int main(void)
{
    int step, i, nckpt = 0;

    for (i = 0; i < 4; i++) field[MYTHREAD * 4 + i] = MYTHREAD;
    upc_barrier;
    for (step = 0; step < STEPS; step++) {
        for (i = 0; i < 4; i++) field[MYTHREAD * 4 + i] += 0.25;
        if (step % CKPT_EVERY == CKPT_EVERY - 1) {
            int writer = (step / CKPT_EVERY) % THREADS;
            upc_barrier;                        /* field is complete */
            if (MYTHREAD == writer)
                write_checkpoint();
            nckpt++;
            /* everyone leaves the checkpoint together; the tag guards
               against mixing up checkpoints */
            upc_barrier nckpt;
        }
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("saved[0] = %g\n", saved[0]);
    return 0;
}
