/* upc-check-test
 * expect: clean
 * threads: 3 4 8
 * static: yes
 * stdout: layout ok
 */
/* The data layout of UPC 1.3 §6.5.1 checked element by element for blocked, cyclic, [*] and []
 * arrays: affinity, phase, the local address of every element, pointer walks with ++ and +=,
 * casts of a thread's part to a pointer-to-local, and arrays of shared structs. */
#include <upc.h>
#include <stdio.h>

#define N 25
shared [3] int blk[N];
shared int cyc[N];
shared [*] int star[N];
shared [] int ind[N];
struct pt { int x, y; double w; };
shared [2] struct pt pts[2 * THREADS + 1];

static int errors;
#define EXPECT(c) do { if (!(c)) { errors++; printf("thread %d: line %d: %s\n", MYTHREAD, __LINE__, #c); } } while (0)

int main(void)
{
    int i;
    int starb = (N + THREADS - 1) / THREADS;
    /* Affinity and phase of every element. */
    for (i = 0; i < N; i++) {
        EXPECT(upc_threadof(&blk[i]) == (i / 3) % THREADS);
        EXPECT(upc_phaseof(&blk[i]) == i % 3);
        EXPECT(upc_threadof(&cyc[i]) == i % THREADS);
        EXPECT(upc_phaseof(&cyc[i]) == 0);
        EXPECT(upc_threadof(&star[i]) == (i / starb) % THREADS);
        EXPECT(upc_threadof(&ind[i]) == 0);
    }
    /* Each thread writes the elements it owns through pointer-to-local walks. */
    {
        int *l = (int *)&blk[3 * MYTHREAD];
        int k = 0;
        for (i = 0; i < N; i++)
            if (upc_threadof(&blk[i]) == MYTHREAD)
                l[k++] = 100 + i;      /* blocks are contiguous on a thread, in course order */
        EXPECT(k * sizeof(int) == upc_affinitysize(N * sizeof(int), 3 * sizeof(int), MYTHREAD));
    }
    if (MYTHREAD < N) {
        int *l = (int *)&cyc[MYTHREAD];
        int k = 0;
        for (i = MYTHREAD; i < N; i += THREADS)
            l[k++] = 200 + i;
    }
    upc_forall (i = 0; i < N; i++; &star[i])
        star[i] = 300 + i;
    if (MYTHREAD == 0)
        for (i = 0; i < N; i++)
            ind[i] = 400 + i;
    upc_forall (i = 0; i < 2 * THREADS + 1; i++; &pts[i]) {
        pts[i].x = i;
        pts[i].y = -i;
        pts[i].w = i * 0.5;
    }
    upc_barrier;
    /* Every thread reads everything back, by index and by pointer walks. */
    {
        shared [3] int *p = &blk[0];
        shared int *q = cyc;
        shared [] int *r = &ind[0];
        for (i = 0; i < N; i++, p++, q++, r++) {
            EXPECT(blk[i] == 100 + i && *p == 100 + i);
            EXPECT(cyc[i] == 200 + i && *q == 200 + i);
            EXPECT(star[i] == 300 + i);
            EXPECT(ind[i] == 400 + i && *r == 400 + i);
            EXPECT(p == &blk[i] && q == &cyc[i]);
        }
        p = &blk[N - 1];
        p -= N - 1;
        EXPECT(p == &blk[0]);
        EXPECT(&blk[N - 1] - &blk[2] == N - 3);
        EXPECT(&cyc[7] - &cyc[19] == -12);
        EXPECT(upc_phaseof(&blk[4] + 6) == upc_phaseof(&blk[10]));
        EXPECT(&blk[13] - 7 == &blk[6]);
    }
    for (i = 0; i < 2 * THREADS + 1; i++) {
        EXPECT(pts[i].x == i && pts[i].y == -i && pts[i].w == i * 0.5);
        EXPECT(upc_threadof(&pts[i].y) == (i / 2) % THREADS);
    }
    /* Casting the thread's own part of a cyclic array. */
    if (MYTHREAD < N) {
        int *l = (int *)&cyc[MYTHREAD];
        EXPECT(l[0] == 200 + MYTHREAD);
        if (MYTHREAD + THREADS < N)
            EXPECT(l[1] == 200 + MYTHREAD + THREADS);
    }
    upc_barrier;
    if (errors)
        return 1;
    if (MYTHREAD == 0)
        printf("layout ok\n");
    return 0;
}
