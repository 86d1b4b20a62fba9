/* UPC STREAM: copy, scale, add and triad in the forms UPC programs write them.
 *
 *   pts1   upc_forall over file-scope pointers from upc_all_alloc, block size 1
 *   ptsB   the same over pointers of a blocked type (block N/THREADS: one block a thread,
 *          the layout of a [*] array)
 *   arr1   upc_forall over declared shared arrays, block size 1
 *   arrB   upc_forall over declared shared arrays, blocked ([*])
 *   local  plain loops through local pointers to the calling thread's part (casts)
 *
 * Each kernel runs REPS times between two barriers, NTIMES samples; the best sample of
 * thread 0 (who waits for everyone at the barrier) gives the bandwidth.  Compile with
 * -T THREADS; N is elements per array, a multiple of THREADS.
 * Output: "form kernel GB/s" per form and kernel, then "check ok" when one more round of
 * every form from a = 1, b = 2, c = 0 gives a = 15, b = 3, c = 4 everywhere.            */
#include <upc.h>
#include <stdio.h>
#include <time.h>

#ifndef N
#define N (1 << 22)
#endif
#ifndef NTIMES
#define NTIMES 10
#endif
#ifndef REPS
#define REPS 1
#endif
#define NPT (N / THREADS)

shared double *a1, *b1, *c1;        /* block 1 */
shared [NPT] double *aB, *bB, *cB;  /* one block of NPT a thread */
shared double A1[N], B1[N], C1[N];
shared [*] double AB[N], BB[N], CB[N];

static double best[4], t0;
static const double s = 3.0;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static void start(void)
{
    upc_barrier;
    t0 = now();
}

static void stop(int k)
{
    upc_barrier;
    double t = now() - t0;
    if (t < best[k])
        best[k] = t;
}

static void report(const char *form)
{
    static const char *names[4] = {"copy", "scale", "add", "triad"};
    static const double words[4] = {2, 2, 3, 3};
    if (MYTHREAD == 0)
        for (int k = 0; k < 4; k++)
            printf("%s %s %.2f\n", form, names[k],
                   words[k] * sizeof(double) * (double)N * REPS / best[k] / 1e9);
    for (int k = 0; k < 4; k++)
        best[k] = 1e30;
}

/* the four kernels over a, b, c as UPC programs write them */
#define COPY(a, b, c) upc_forall (j = 0; j < N; j++; &c[j]) c[j] = a[j]
#define SCALE(a, b, c) upc_forall (j = 0; j < N; j++; &b[j]) b[j] = s * c[j]
#define ADD(a, b, c) upc_forall (j = 0; j < N; j++; &c[j]) c[j] = a[j] + b[j]
#define TRIAD(a, b, c) upc_forall (j = 0; j < N; j++; &a[j]) a[j] = b[j] + s * c[j]
#define INIT(a, b, c) upc_forall (j = 0; j < N; j++; &a[j]) { a[j] = 1; b[j] = 2; c[j] = 0; }

#define TIMED(form, a, b, c)                                                                \
    do {                                                                                  \
        INIT(a, b, c);                                                                    \
        for (int it = 0; it < NTIMES; it++) {                                             \
            start(); for (int r = 0; r < REPS; r++) COPY(a, b, c); stop(0);               \
            start(); for (int r = 0; r < REPS; r++) SCALE(a, b, c); stop(1);              \
            start(); for (int r = 0; r < REPS; r++) ADD(a, b, c); stop(2);                \
            start(); for (int r = 0; r < REPS; r++) TRIAD(a, b, c); stop(3);              \
        }                                                                                 \
        report(form);                                                                     \
    } while (0)

/* one untimed round from the initial values, then every element compared */
#define VERIFY(a, b, c)                                                                     \
    do {                                                                                  \
        INIT(a, b, c);                                                                    \
        COPY(a, b, c); SCALE(a, b, c); ADD(a, b, c); TRIAD(a, b, c);                      \
        upc_barrier;                                                                      \
        upc_forall (j = 0; j < N; j++; j)                                                 \
            bad += a[j] != 15 || b[j] != 3 || c[j] != 4;                                  \
    } while (0)

shared int errors[THREADS];

int main(void)
{
    long j;
    int bad = 0;
    a1 = upc_all_alloc(N, sizeof(double));
    b1 = upc_all_alloc(N, sizeof(double));
    c1 = upc_all_alloc(N, sizeof(double));
    aB = upc_all_alloc(THREADS, NPT * sizeof(double));
    bB = upc_all_alloc(THREADS, NPT * sizeof(double));
    cB = upc_all_alloc(THREADS, NPT * sizeof(double));
    for (int k = 0; k < 4; k++)
        best[k] = 1e30;

    TIMED("pts1", a1, b1, c1);
    TIMED("ptsB", aB, bB, cB);
    TIMED("arr1", A1, B1, C1);
    TIMED("arrB", AB, BB, CB);
    {
        /* the calling thread's elements of the block-1 arrays (MYTHREAD, MYTHREAD +
         * THREADS, ...) are contiguous in its partition */
        double *la = (double *)&a1[MYTHREAD], *lb = (double *)&b1[MYTHREAD],
               *lc = (double *)&c1[MYTHREAD];
        for (long i = 0; i < NPT; i++) {
            la[i] = 1; lb[i] = 2; lc[i] = 0;
        }
        for (int it = 0; it < NTIMES; it++) {
            start(); for (int r = 0; r < REPS; r++) for (long i = 0; i < NPT; i++) lc[i] = la[i]; stop(0);
            start(); for (int r = 0; r < REPS; r++) for (long i = 0; i < NPT; i++) lb[i] = s * lc[i]; stop(1);
            start(); for (int r = 0; r < REPS; r++) for (long i = 0; i < NPT; i++) lc[i] = la[i] + lb[i]; stop(2);
            start(); for (int r = 0; r < REPS; r++) for (long i = 0; i < NPT; i++) la[i] = lb[i] + s * lc[i]; stop(3);
        }
        report("local");
    }

    VERIFY(a1, b1, c1);
    VERIFY(aB, bB, cB);
    VERIFY(A1, B1, C1);
    VERIFY(AB, BB, CB);
    errors[MYTHREAD] = bad;
    upc_barrier;
    if (MYTHREAD == 0) {
        int total = 0;
        for (int t = 0; t < THREADS; t++)
            total += errors[t];
        printf("check %s\n", total ? "FAILED" : "ok");
    }
    return 0;
}
