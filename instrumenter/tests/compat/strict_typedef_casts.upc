/* strict_typedef_casts.upc -- the consistency of an access chosen three ways,
 * as in memory-model tests of the GUPC and Berkeley suites: strict/relaxed in
 * typedefs (of objects and of pointers-to-shared), casts that add `strict` to
 * a relaxed object for one access, and `#pragma upc strict` at the start of a
 * block.  A producer/consumer handshake per pair of threads uses each. */
#include <upc_relaxed.h>
#include <upc_strict.h>     /* both: the last one does not change the default */
#include <stdio.h>

#pragma upc relaxed

typedef strict shared int sflag_t;
typedef relaxed shared [4] long rdata_t;
typedef strict shared int *sflagp_t;
typedef shared int *volatile vflagp_t;

sflag_t ready[THREADS];             /* strict through the typedef */
shared int ack[THREADS];            /* relaxed: made strict by casts */
shared int done[THREADS];           /* relaxed: made strict by the pragma */
rdata_t payload[4 * THREADS];

static void produce(int to, int round)
{
    int k;
    for (k = 0; k < 4; k++)
        payload[4 * to + k] = 1000L * round + 10 * to + k;
    ready[to] = round;                                /* strict write: a fence before */
}

static long consume(int me, int round)
{
    long sum = 0;
    int k;
    sflagp_t f = &ready[me];
    while (*f != round)                               /* strict read */
        ;
    for (k = 0; k < 4; k++)
        sum += payload[4 * me + k];
    *(strict shared int *)&ack[me] = round;           /* strict through a cast */
    return sum;
}

static void wait_ack(int who, int round)
{
    while (*(strict shared int *)&ack[who] != round)
        ;
    {
#pragma upc strict
        done[who] = round;                            /* strict by the pragma */
    }
}

int main(void)
{
    int me = MYTHREAD, to = (MYTHREAD + 1) % THREADS;
    int from = (MYTHREAD + THREADS - 1) % THREADS;
    int round;
    long total = 0;

    ready[me] = 0;
    ack[me] = 0;
    done[me] = 0;
    upc_barrier;

    for (round = 1; round <= 3; round++) {
        produce(to, round);
        total += consume(me, round);
        wait_ack(to, round);
        {
#pragma upc strict
            while (done[me] != round)                 /* set by the thread before me */
                ;
        }
        upc_barrier;      /* nobody overwrites a payload before it is read */
    }
    /* expected: sum over rounds r of 4*1000*r + 4*10*me + 0+1+2+3 */
    {
        long want = 4000L * (1 + 2 + 3) + 3 * (40L * me + 6);
        vflagp_t p = (vflagp_t)&done[from];
        (void)p;
        if (total != want)
            printf("thread %d: total %ld, expected %ld\n", me, total, want);
    }
    upc_barrier;
    if (me == 0)
        printf("strict_typedef_casts: %d threads, 3 rounds, sizes %d %d\n", THREADS,
               (int)sizeof(sflag_t), (int)upc_blocksizeof(rdata_t));
    return 0;
}
