/* upc_forall over pointers-to-shared, the edge cases of visiting only the calling thread's
 * iterations: block size 1 and blocked pointers from upc_all_alloc, [*] and block-1
 * arrays, affinity &P[i], P + i and i, starts that are not on a block or thread boundary,
 * pointers offset by k elements (not co-aligned with the affinity), a pointer declared in
 * the function, N not a multiple of THREADS, <= bounds, constant and negative steps,
 * continue, the index after the loop, nested loops, a body that calls a function or
 * assigns a pointer.  Every loop records which thread ran each iteration; thread 0
 * compares with the owner of the affinity and with the values a sequential loop gives,
 * and prints a checksum that does not depend on THREADS. */
#include <upc.h>
#include <stdio.h>

#define N 37           /* elements a loop touches: not a multiple of most THREADS */
#define M (N + 16)     /* room for offsets */

shared int *P1, *Q1, *R1;             /* block 1 */
shared [4] int *P4, *Q4, *R4;         /* block 4 */
shared [*] int SA[M * THREADS];
shared int SB[M * THREADS];
shared [] int who[M];                 /* thread + 1 that ran iteration i */
shared int errors[THREADS];
int bad;                              /* this thread's errors */
long checksum;

static int f(int x) { return 3 * x + 1; }

static void clear(void)
{
    upc_barrier;
    if (MYTHREAD == 0)
        for (int k = 0; k < M; k++)
            who[k] = 0;
    upc_barrier;
}

/* iteration i must have run once, on the thread of `owner` (-1: not run) */
#define EXPECT_OWNER(i, owner)                                                               \
    do {                                                                                   \
        if (who[i] != (owner) + 1) {                                                       \
            printf("%s: iteration %d ran on %d, expected %d\n", name, (int)(i), who[i] - 1, \
                   (int)(owner));                                                          \
            bad++;                                                                         \
        }                                                                                  \
    } while (0)

static void fill(shared int *p, shared [4] int *q, int seed)
{
    upc_barrier;
    if (MYTHREAD == 0)
        for (int k = 0; k < M; k++) {
            p[k] = seed + k;
            q[k] = seed + 2 * k;
        }
    upc_barrier;
}

static void sum(const char *name, long s)
{
    if (MYTHREAD == 0) {
        printf("%s %ld\n", name, s);
        checksum += s;
    }
}

int main(void)
{
    long i;
    int n = N;

    P1 = upc_all_alloc(M, sizeof(int));
    Q1 = upc_all_alloc(M, sizeof(int));
    R1 = upc_all_alloc(M, sizeof(int));
    P4 = upc_all_alloc((M + 3) / 4, 4 * sizeof(int));
    Q4 = upc_all_alloc((M + 3) / 4, 4 * sizeof(int));
    R4 = upc_all_alloc((M + 3) / 4, 4 * sizeof(int));

    /* block 1, &P[i]; Q co-aligned; R + 1 is not */
    {
        const char *name = "block1";
        fill(P1, P4, 10); fill(Q1, Q4, 20); fill(R1, R4, 30);
        clear();
        upc_forall (i = 0; i < N; i++; &P1[i]) {
            Q1[i] = P1[i] * 2 + (R1 + 1)[i];
            who[i] = MYTHREAD + 1;
        }
        if (i != N) bad++;
        upc_barrier;
        long s = 0;
        if (MYTHREAD == 0)
            for (int k = 0; k < M; k++) {
                int e = k < N ? (10 + k) * 2 + (30 + k + 1) : 20 + k;
                if (Q1[k] != e) { printf("%s: Q[%d] = %d, expected %d\n", name, k, Q1[k], e); bad++; }
                EXPECT_OWNER(k, k < N ? (int)upc_threadof(&P1[k]) : -1);
                s += Q1[k];
            }
        sum(name, s);
    }

    /* block 4, P + i, start 3 (mid-block), <= bound; Q co-aligned; R offset by 5 */
    {
        const char *name = "block4";
        shared [4] int *R = R4 + 5;
        fill(P1, P4, 11); fill(Q1, Q4, 21); fill(R1, R4, 31);
        clear();
        upc_forall (i = 3; i <= N; i++; P4 + i) {
            Q4[i] = P4[i] - R[i];
            who[i] = MYTHREAD + 1;
        }
        if (i != N + 1) bad++;
        upc_barrier;
        long s = 0;
        if (MYTHREAD == 0)
            for (int k = 0; k < M; k++) {
                int e = k >= 3 && k <= N ? (11 + 2 * k) - (31 + 2 * (k + 5)) : 21 + 2 * k;
                if (Q4[k] != e) { printf("%s: Q[%d] = %d, expected %d\n", name, k, Q4[k], e); bad++; }
                EXPECT_OWNER(k, k >= 3 && k <= N ? (int)upc_threadof(&P4[k]) : -1);
                s += Q4[k];
            }
        sum(name, s);
    }

    /* affinity pointer that starts at element 5 (another thread and phase), a local
     * pointer co-aligned with it and one that is not, the loop variable declared in the
     * loop, continue on odd iterations */
    {
        const char *name = "offset";
        shared [4] int *p = P4 + 5, *q = Q4 + 5, *r = R4 + 6;
        fill(P1, P4, 12); fill(Q1, Q4, 22); fill(R1, R4, 32);
        clear();
        upc_forall (int j = 0; j < N - 6; j++; &p[j]) {
            who[j] = MYTHREAD + 1;
            if (j % 2)
                continue;
            q[j] = p[j] + r[j];
        }
        upc_barrier;
        long s = 0;
        if (MYTHREAD == 0)
            for (int k = 0; k < M - 6; k++) {
                int e = k < N - 6 && k % 2 == 0 ? (12 + 2 * (k + 5)) + (32 + 2 * (k + 6)) : 22 + 2 * (k + 5);
                if (q[k] != e) { printf("%s: q[%d] = %d, expected %d\n", name, k, q[k], e); bad++; }
                EXPECT_OWNER(k, k < N - 6 ? (int)upc_threadof(&p[k]) : -1);
                s += q[k];
            }
        sum(name, s);
    }

    /* integer affinity: block-1 pointers at thread 0 are co-aligned, P1 + 1 is not; a
     * start that is not thread 0's; the bound in a variable */
    {
        const char *name = "integer";
        fill(P1, P4, 13); fill(Q1, Q4, 23); fill(R1, R4, 33);
        clear();
        upc_forall (i = 2; i < n; i++; i) {
            Q1[i] = P1[i] + (P1 + 1)[i] + SB[i];
            who[i] = MYTHREAD + 1;
        }
        if (i != n) bad++;
        upc_barrier;
        long s = 0;
        if (MYTHREAD == 0)
            for (int k = 0; k < M; k++) {
                int e = k >= 2 && k < N ? (13 + k) + (13 + k + 1) : 23 + k;
                if (Q1[k] != e) { printf("%s: Q[%d] = %d, expected %d\n", name, k, Q1[k], e); bad++; }
                EXPECT_OWNER(k, k >= 2 && k < N ? k % THREADS : -1);
                s += Q1[k];
            }
        sum(name, s);
    }

    /* arrays: [*] affinity with a blocked pointer (not co-aligned unless the block
     * sizes agree) and a block-1 array with block-1 pointers */
    {
        const char *name = "arrays";
        fill(P1, P4, 14); fill(Q1, Q4, 24); fill(R1, R4, 34);
        clear();
        upc_forall (i = 1; i < N; i++; &SA[i]) {
            SA[i] = P4[i] + 1;
            who[i] = MYTHREAD + 1;
        }
        upc_barrier;
        long s = 0;
        if (MYTHREAD == 0)
            for (int k = 1; k < N; k++) {
                if (SA[k] != 14 + 2 * k + 1) { printf("%s: SA[%d] = %d\n", name, k, SA[k]); bad++; }
                EXPECT_OWNER(k, (int)upc_threadof(&SA[k]));
                s += SA[k];
            }
        clear();
        upc_forall (i = 0; i < N; i++; &SB[i]) {
            SB[i] = Q1[i] + R1[i];
            who[i] = MYTHREAD + 1;
        }
        upc_barrier;
        if (MYTHREAD == 0)
            for (int k = 0; k < N; k++) {
                if (SB[k] != 24 + 34 + 2 * k) { printf("%s: SB[%d] = %d\n", name, k, SB[k]); bad++; }
                EXPECT_OWNER(k, (int)upc_threadof(&SB[k]));
                s += SB[k];
            }
        sum(name, s);
    }

    /* steps other than 1: every third iteration, and downwards (general path) */
    {
        const char *name = "steps";
        fill(P1, P4, 15); fill(Q1, Q4, 25); fill(R1, R4, 35);
        clear();
        upc_forall (i = 1; i < N; i += 3; &P4[i]) {
            Q4[i] = P4[i] * 3;
            who[i] = MYTHREAD + 1;
        }
        if (i != 37) bad++;
        upc_barrier;
        upc_forall (i = N - 1; i >= 0; i--; &P1[i]) {
            Q1[i] = P1[i] + 1;
            who[i] += 100 * (MYTHREAD + 1);
        }
        if (i != -1) bad++;
        upc_barrier;
        long s = 0;
        if (MYTHREAD == 0)
            for (int k = 0; k < M; k++) {
                int e4 = k < N && k % 3 == 1 ? 3 * (15 + 2 * k) : 25 + 2 * k;
                int e1 = k < N ? 15 + k + 1 : 25 + k;
                int ew = (k < N && k % 3 == 1 ? (int)upc_threadof(&P4[k]) + 1 : 0) +
                         (k < N ? 100 * ((int)upc_threadof(&P1[k]) + 1) : 0);
                if (Q4[k] != e4 || Q1[k] != e1 || who[k] != ew) {
                    printf("%s: at %d: %d %d %d, expected %d %d %d\n", name, k, Q4[k], Q1[k], who[k], e4, e1, ew);
                    bad++;
                }
                s += Q4[k] + Q1[k];
            }
        sum(name, s);
    }

    /* constant steps over block size 1: from a pointer one element in (co-aligned with a
     * pointer one element in, not with one two elements in), and over i with <= */
    {
        const char *name = "steps1";
        shared int *p = P1 + 1, *q = Q1 + 1, *r = R1 + 2;
        fill(P1, P4, 18); fill(Q1, Q4, 28); fill(R1, R4, 38);
        clear();
        upc_forall (i = 2; i < N; i += 3; &p[i]) {
            q[i] = p[i] * 3 + r[i];
            who[i] = MYTHREAD + 1;
        }
        if (i != 38) bad++;
        upc_barrier;
        long s = 0;
        if (MYTHREAD == 0)
            for (int k = 0; k < M - 2; k++) {
                int run = k >= 2 && k < N && (k - 2) % 3 == 0;
                int e = run ? (18 + k + 1) * 3 + (38 + k + 2) : 28 + k + 1;
                if (q[k] != e) { printf("%s: q[%d] = %d, expected %d\n", name, k, q[k], e); bad++; }
                EXPECT_OWNER(k, run ? (int)upc_threadof(&p[k]) : -1);
                s += q[k];
            }
        clear();
        upc_forall (i = 0; i <= N; i += 4; i) {
            Q1[i] = P1[i] - 1;
            who[i] = MYTHREAD + 1;
        }
        if (i != 40) bad++;
        upc_barrier;
        if (MYTHREAD == 0)
            for (int k = 0; k < M; k++) {
                int run = k <= N && k % 4 == 0;
                int e = run ? 18 + k - 1 : (k >= 3 && k <= N && k % 3 == 0 ? (18 + k) * 3 + (38 + k + 1) : 28 + k);
                if (Q1[k] != e) { printf("%s: Q[%d] = %d, expected %d\n", name, k, Q1[k], e); bad++; }
                EXPECT_OWNER(k, run ? k % THREADS : -1);
                s += Q1[k];
            }
        sum(name, s);
    }

    /* nested: the inner loop runs all its iterations on the thread of the outer one */
    {
        const char *name = "nested";
        fill(P1, P4, 16); fill(Q1, Q4, 26); fill(R1, R4, 36);
        clear();
        upc_forall (i = 0; i < 8; i++; &P1[i]) {
            long j;
            upc_forall (j = 0; j < 4; j++; &Q4[j])
                R4[i * 4 + j] = (int)(P1[i] * 10 + Q4[j]);
            who[i] = MYTHREAD + 1;
        }
        upc_barrier;
        long s = 0;
        if (MYTHREAD == 0)
            for (int k = 0; k < 32; k++) {
                int e = (16 + k / 4) * 10 + 26 + 2 * (k % 4);
                if (R4[k] != e) { printf("%s: R[%d] = %d, expected %d\n", name, k, R4[k], e); bad++; }
                if (k < 8) EXPECT_OWNER(k, (int)upc_threadof(&P1[k]));
                s += R4[k];
            }
        sum(name, s);
    }

    /* a body that calls a function and one that assigns a pointer it indexes */
    {
        const char *name = "calls";
        shared int *q = Q1;
        fill(P1, P4, 17); fill(Q1, Q4, 27); fill(R1, R4, 37);
        clear();
        upc_forall (i = 0; i < N; i++; &P1[i]) {
            R1[i] = f(P1[i]);
            who[i] = MYTHREAD + 1;
        }
        upc_forall (i = 0; i < N; i++; &P1[i]) {
            q[i] = R1[i] + 1;
            q = Q1;
        }
        upc_barrier;
        long s = 0;
        if (MYTHREAD == 0)
            for (int k = 0; k < N; k++) {
                if (R1[k] != f(17 + k) || Q1[k] != f(17 + k) + 1) { printf("%s: at %d: %d %d\n", name, k, R1[k], Q1[k]); bad++; }
                EXPECT_OWNER(k, (int)upc_threadof(&P1[k]));
                s += R1[k] + Q1[k];
            }
        sum(name, s);
    }

    errors[MYTHREAD] = bad;
    upc_barrier;
    if (MYTHREAD == 0) {
        int total = 0;
        for (int t = 0; t < THREADS; t++)
            total += errors[t];
        printf("checksum %ld\n", checksum);
        printf("%s\n", total ? "FAILED" : "ok");
    }
    return 0;
}
