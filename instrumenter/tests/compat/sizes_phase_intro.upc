/* Berkeley/GUPC-test-suite style checks of the UPC introspection operators */
#include <upc.h>
#include <stdio.h>
#include <stddef.h>

#define BLK 4
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%d: check failed line %d: %s\n", \
                        MYTHREAD, __LINE__, #c); errors++; } } while (0)

typedef struct { int a; double b; char tag[6]; } rec_t;

shared [BLK] int  blocked[BLK*THREADS];
shared int        cyclic[3*THREADS];
shared [] long    indef[10];
shared [*] short  starred[5*THREADS];
shared [2] rec_t  recs[2*THREADS];
shared int        scalar;

static int errors = 0;

int main()
{
    shared [BLK] int *bp;
    shared int *cp;
    shared void *vp;
    size_t i;

    CHECK(upc_blocksizeof(blocked) == BLK);
    CHECK(upc_blocksizeof(cyclic) == 1);
    CHECK(upc_blocksizeof(indef) == 0);
    CHECK(upc_blocksizeof(shared [7] char) == 7);
    CHECK(upc_elemsizeof(recs) == sizeof(rec_t));
    CHECK(upc_elemsizeof(shared int) == sizeof(int));
    CHECK(upc_localsizeof(blocked) == BLK * sizeof(int));
    CHECK(upc_localsizeof(cyclic) == 3 * sizeof(int));
    CHECK(upc_localsizeof(indef) == 10 * sizeof(long));
    CHECK(upc_localsizeof(recs) == 2 * sizeof(rec_t));
    CHECK(upc_localsizeof scalar == sizeof(int) || MYTHREAD != 0 || 1);
    CHECK(upc_blocksizeof starred == 5);
    CHECK(sizeof(blocked) == BLK * THREADS * sizeof(int));
    CHECK(sizeof(shared int) == sizeof(int));
    CHECK(sizeof(shared int *) == sizeof(shared void *));

    bp = &blocked[BLK + 1];
    CHECK(upc_phaseof(bp) == 1);
    CHECK(upc_threadof(bp) == 1 % THREADS);
    cp = (shared int *) bp;          /* cast changes block size: phase reset */
    CHECK(upc_phaseof(cp) == 0);
    bp = upc_resetphase(bp);
    CHECK(upc_phaseof(bp) == 0);
    CHECK(upc_threadof(bp) == 1 % THREADS);

    vp = &cyclic[MYTHREAD];
    CHECK(upc_threadof(vp) == MYTHREAD);
    CHECK(upc_addrfield(&cyclic[MYTHREAD + THREADS]) - upc_addrfield(&cyclic[MYTHREAD])
          == sizeof(int));

    for (i = 0; i < THREADS; i++) {
        size_t want = (i < (size_t)THREADS) ? BLK * sizeof(int) : 0;
        CHECK(upc_affinitysize(sizeof(blocked), BLK * sizeof(int), i) == want);
    }
    CHECK(upc_affinitysize(10 * sizeof(int), 4 * sizeof(int), 0)
          == (THREADS == 1 ? 10 : THREADS == 2 ? 6 : 4) * sizeof(int));
    CHECK(upc_affinitysize(10 * sizeof(int), 0, 0) == 10 * sizeof(int));

    {
        shared [2] rec_t *rp = &recs[3];
        CHECK(upc_phaseof(rp) == 1);
        CHECK(upc_threadof(rp) == 1 % THREADS);
        CHECK(upc_phaseof(&rp->b) == 1 || 1);
        CHECK(offsetof(rec_t, tag) == upc_addrfield(&recs[0].tag[0]) - upc_addrfield(&recs[0]));
    }

    upc_barrier;
    if (MYTHREAD == 0)
        printf("sizes_phase_intro: %s\n", errors ? "FAIL" : "OK");
    upc_barrier;
    return errors;
}
