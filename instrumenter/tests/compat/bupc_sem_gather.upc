/* Counting semaphores in the Berkeley UPC style: workers deliver partial results to
 * thread 0 with signaling puts on one multi-producer semaphore, which thread 0 waits
 * for with bupc_sem_waitN; thread 0 then releases every worker at once with
 * bupc_sem_postN on a multi-consumer semaphore of the step.  The try variants are checked on the
 * way, and the semaphores are freed at the end. */
#include <upc.h>
#include <upc_strict.h>
#include <stdio.h>
#include <stdint.h>
#include <inttypes.h>

#define PART 8
#define STEPS 5

shared [PART] int64_t parts[THREADS][PART];
bupc_sem_t *shared delivered; /* thread 0's: one post per delivered part */
bupc_sem_t *shared [] release[STEPS]; /* thread 0's: one post per worker in a step */
bupc_sem_t *shared trial;
shared [] int64_t results[STEPS];

int main(void)
{
    int me = MYTHREAD, step, k, errors = 0;
    int64_t mine[PART];

    if (me == 0) {
        delivered = bupc_sem_alloc(BUPC_SEM_INTEGER | BUPC_SEM_MPRODUCER | BUPC_SEM_SCONSUMER);
        for (step = 0; step < STEPS; step++)
            release[step] =
                bupc_sem_alloc(BUPC_SEM_INTEGER | BUPC_SEM_SPRODUCER | BUPC_SEM_MCONSUMER);
        trial = bupc_sem_alloc(0);
        /* the try variants on a semaphore nobody else sees yet */
        if (bupc_sem_try(trial) != 0 || bupc_sem_tryN(trial, 2) != 0)
            errors++;
        bupc_sem_postN(trial, 3);
        if (bupc_sem_tryN(trial, 4) != 0 || bupc_sem_tryN(trial, 2) != 1 ||
            bupc_sem_tryN(trial, 2) != 0 || bupc_sem_try(trial) != 1 ||
            bupc_sem_try(trial) != 0)
            errors++;
        bupc_sem_postN(trial, 0);
        if (bupc_sem_tryN(trial, 0) != 1 || bupc_sem_try(trial) != 0)
            errors++;
    }
    upc_barrier;

    for (step = 0; step < STEPS; step++) {
        for (k = 0; k < PART; k++)
            mine[k] = (int64_t)(me + 1) * (step + 1) * (k + 1);
        bupc_memput_signal(&parts[me][0], mine, sizeof mine, delivered, 1);
        if (me == 0) {
            int64_t sum = 0;
            int t;
            bupc_sem_waitN(delivered, THREADS);
            for (t = 0; t < THREADS; t++)
                for (k = 0; k < PART; k++)
                    sum += parts[t][k];
            results[step] = sum;
            if (THREADS > 1)
                bupc_sem_postN(release[step], THREADS - 1);
        } else {
            bupc_sem_wait(release[step]);
        }
    }
    upc_barrier;
    if (me == 0) {
        /* sum_t sum_k (t+1)(s+1)(k+1) = (s+1) * T(T+1)/2 * 36 */
        int64_t tri = (int64_t)THREADS * (THREADS + 1) / 2;
        for (step = 0; step < STEPS; step++) {
            int ok = results[step] == (step + 1) * tri * 36;
            printf("step %d: %s\n", step, ok ? "ok" : "WRONG");
            if (!ok)
                errors++;
        }
        if (bupc_sem_try(delivered) != 0 || bupc_sem_try(trial) != 0)
            errors++;
        for (step = 0; step < STEPS; step++) {
            if (bupc_sem_try(release[step]) != 0)
                errors++;
            bupc_sem_free(release[step]);
        }
        bupc_sem_free(delivered);
        bupc_sem_free(trial);
        printf("gather %s\n", errors ? "FAILED" : "ok");
    }
    return errors != 0;
}
