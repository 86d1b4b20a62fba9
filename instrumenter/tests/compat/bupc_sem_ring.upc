/* A token ring over Berkeley UPC's signaling puts: every round each thread sends a
 * message to its right neighbour with bupc_memput_signal into the neighbour's inbox and
 * waits for its own inbox with a boolean semaphore; the receiver hands the inbox back with
 * a credit (an integer semaphore of the sender).  Written for Berkeley UPC's upcc. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MSG 64
#define ROUNDS 40

shared [MSG] long inbox[THREADS][MSG];
bupc_sem_t *shared arrived[THREADS]; /* my inbox holds a message (posted by the left one) */
bupc_sem_t *shared credit[THREADS];  /* the right one's inbox is free (posted by it) */
shared long checksum[THREADS];

static long payload(int round, int from, int k)
{
    return (long)round * 100000 + (long)from * 100 + k;
}

int main(void)
{
    int me = MYTHREAD;
    int right = (me + 1) % THREADS, left = (me + THREADS - 1) % THREADS;
    long out[MSG], in[MSG], sum = 0;
    int r, k, bad = 0;

    arrived[me] = bupc_sem_alloc(BUPC_SEM_BOOLEAN | BUPC_SEM_SPRODUCER | BUPC_SEM_SCONSUMER);
    credit[me] = bupc_sem_alloc(BUPC_SEM_INTEGER | BUPC_SEM_SPRODUCER);
    if (arrived[me] == NULL || credit[me] == NULL) {
        fprintf(stderr, "bupc_sem_alloc failed\n");
        return 1;
    }
    if (bupc_sem_try(arrived[me]) != 0)
        bad++; /* a new semaphore is 0 */
    bupc_sem_post(credit[me]); /* the right one's inbox starts free */
    upc_barrier;

    {
        bupc_sem_t *my_arrived = arrived[me], *my_credit = credit[me];
        bupc_sem_t *right_arrived = arrived[right], *left_credit = credit[left];
        for (r = 0; r < ROUNDS; r++) {
            for (k = 0; k < MSG; k++)
                out[k] = payload(r, me, k);
            bupc_sem_wait(my_credit);
            bupc_memput_signal(&inbox[right][0], out, sizeof out, right_arrived, 1);
            bupc_sem_wait(my_arrived);
            memcpy(in, (long *)&inbox[me][0], sizeof in); /* local: my own inbox */
            bupc_sem_post(left_credit);
            for (k = 0; k < MSG; k++) {
                if (in[k] != payload(r, left, k))
                    bad++;
                sum += in[k] % 1000;
            }
        }
    }
    checksum[me] = sum;
    upc_barrier;
    if (me == 0) {
        long total = 0, want = 0;
        int t;
        for (t = 0; t < THREADS; t++) {
            total += checksum[t];
            /* thread t received ROUNDS messages of sum_k (left*100 + k) % 1000 */
            for (k = 0; k < MSG; k++)
                want += ROUNDS * (payload(0, (t + THREADS - 1) % THREADS, k) % 1000);
        }
        printf("rounds=%d messages per thread=%d\n", ROUNDS, ROUNDS);
        printf("checksum %s\n", total == want ? "ok" : "WRONG");
    }
    upc_barrier;
    /* the last message's credit is still posted once: take it back, then nothing is left */
    if (bupc_sem_try(credit[me]) != 1 || bupc_sem_try(credit[me]) != 0)
        bad++;
    if (bupc_sem_try(arrived[me]) != 0)
        bad++;
    if (bad)
        printf("thread %d: %d errors\n", me, bad);
    upc_barrier;
    bupc_sem_free(arrived[me]);
    bupc_sem_free(credit[me]);
    if (me == 0)
        printf("ring ok\n");
    return bad != 0;
}
