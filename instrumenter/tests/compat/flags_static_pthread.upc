/* Built the way some HPC sites build: a fully static executable (-static),
 * -pthread, strict C99 with _POSIX_C_SOURCE for clock_gettime, and a helper
 * pthread per UPC thread that computes a partial result (each UPC thread is a
 * process here, so a pthread inside it is private to it). */
#include <upc.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

#define N 1000

shared long part[THREADS];
static pthread_once_t once = PTHREAD_ONCE_INIT;
static long base;

static void init_base(void)
{
    base = 7;
}

struct job { long lo, hi, sum; };

static void *worker(void *arg)
{
    struct job *j = arg;
    long i;
    pthread_once(&once, init_base);
    for (i = j->lo; i < j->hi; i++)
        j->sum += i * base;
    return NULL;
}

int main(void)
{
    struct timespec t0, t1;
    struct job j;
    pthread_t th;
    long per = (N + THREADS - 1) / THREADS;

    clock_gettime(CLOCK_MONOTONIC, &t0);
    j.lo = per * MYTHREAD;
    j.hi = j.lo + per > N ? N : j.lo + per;
    if (j.lo > N) j.lo = N;
    j.sum = 0;
    if (pthread_create(&th, NULL, worker, &j) != 0 || pthread_join(th, NULL) != 0) {
        fprintf(stderr, "pthread failed\n");
        return 1;
    }
    part[MYTHREAD] = j.sum;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    upc_barrier;
    if (MYTHREAD == 0) {
        long s = 0;
        int t;
        for (t = 0; t < THREADS; t++)
            s += part[t];
        printf("sum %ld (expected %ld), clock %s\n", s, 7L * N * (N - 1) / 2,
               (t1.tv_sec > t0.tv_sec || (t1.tv_sec == t0.tv_sec && t1.tv_nsec >= t0.tv_nsec)) ? "monotonic" : "BACKWARDS");
    }
    return 0;
}
