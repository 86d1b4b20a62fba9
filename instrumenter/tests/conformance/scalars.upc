/* Shared scalars: affinity to thread 0, initializers, every basic type, updates by every
 * thread in turn, visibility after a barrier. */
#define CONF_FEATURE "scalars"
#include "conf.h"

// expect-stdout: scalars: i=5 c=x d=2.5 ll=-7
// expect-stdout: scalars: each thread added its number: ok

shared int si = 5;
shared char sc = 'x';
shared short ss;
shared long long sll = -7;
shared unsigned long sul;
shared float sf;
shared double sd = 2.5;
shared int turn_sum;
shared [5] int sy;          /* a layout qualifier on a scalar only changes its type */
shared int *shared sptr;    /* a shared pointer-to-shared is a scalar too */
shared int target;

int main(void)
{
    /* Affinity: every non-array shared object lives on thread 0, phase 0. */
    CHECK_EQ(upc_threadof(&si), 0);
    CHECK_EQ(upc_threadof(&sc), 0);
    CHECK_EQ(upc_threadof(&sd), 0);
    CHECK_EQ(upc_threadof(&sy), 0);
    CHECK_EQ(upc_threadof(&sptr), 0);
    CHECK_EQ(upc_phaseof(&si), 0);
    CHECK_EQ(upc_phaseof(&sy), 0);
    CHECK_EQ(upc_blocksizeof(sy), 5);
    CHECK_EQ(upc_blocksizeof(si), 1);
    CHECK_EQ(upc_elemsizeof(sd), sizeof(double));
    CHECK_EQ(upc_localsizeof(sll), sizeof(long long));
    CHECK_EQ(sizeof(si), sizeof(int));

    /* Initial values as written. */
    CHECK_EQ(si, 5);
    CHECK_EQ(sc, 'x');
    CHECK_EQ(sll, -7);
    CHECK(sd == 2.5);
    CHECK_EQ(ss, 0);
    CHECK_EQ(sul, 0);
    CHECK(sf == 0.0f);
    CHECK(sptr == NULL);
    if (MYTHREAD == 0)
        printf("scalars: i=%d c=%c d=%.1f ll=%lld\n", (int)si, (char)sc, (double)sd,
               (long long)sll);
    upc_barrier;

    /* Thread 0 writes, everyone reads after the barrier. */
    if (MYTHREAD == 0) {
        ss = -1234;
        sul = 4000000000UL;
        sf = 1.5f;
        sd = sd * 4;
        si += 10;
        sc++;
        target = 99;
        sptr = &target;
    }
    upc_barrier;
    CHECK_EQ(ss, -1234);
    CHECK_EQ(sul, 4000000000UL);
    CHECK(sf == 1.5f);
    CHECK(sd == 10.0);
    CHECK_EQ(si, 15);
    CHECK_EQ(sc, 'y');
    CHECK(sptr == &target);
    CHECK_EQ(*sptr, 99);
    CHECK_EQ(upc_threadof(sptr), 0);
    upc_barrier;

    /* Every thread in turn adds MYTHREAD + 1 (one writer per phase). */
    for (int t = 0; t < THREADS; t++) {
        if (t == MYTHREAD)
            turn_sum = turn_sum + MYTHREAD + 1;
        upc_barrier;
    }
    CHECK_EQ(turn_sum, THREADS * (THREADS + 1) / 2);

    /* The last thread writes through the shared pointer read from shared memory. */
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        *sptr = *sptr + 1;
    upc_barrier;
    CHECK_EQ(target, 100);

    /* Compound assignments and increments on shared scalars. */
    upc_barrier;
    if (MYTHREAD == 0) {
        sll *= 3;
        sll -= 1;
        sll *= 4;
        sul <<= 1;
        si -= 8;
        ss = (short)(ss / 2);
    }
    upc_barrier;
    CHECK_EQ(sll, (-21 - 1) * 4);
    CHECK_EQ(sul, 8000000000UL);
    CHECK_EQ(ss, -617);
    CHECK_EQ(si, 7);
    if (MYTHREAD == 0 && turn_sum == THREADS * (THREADS + 1) / 2)
        printf("scalars: each thread added its number: ok\n");
    return conf_finish();
}
