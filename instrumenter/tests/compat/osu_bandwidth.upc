/*
 * OSU-style bandwidth and barrier tests: every even thread streams windows of
 * upc_memput / upc_memget to the next odd thread; then the cost of upc_barrier
 * is measured.  The received data is checked.
 */
#include <upc_strict.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#define MAX_SIZE   (1 << 14)
#define WINDOW     8
#define ITERS      10
#define BAR_ITERS  50

typedef shared [] char *buf_t;

buf_t shared bufs[THREADS];
relaxed shared int errs[THREADS];

static double now_us(void)
{
    struct timeval t;
    gettimeofday(&t, 0);
    return t.tv_sec * 1e6 + t.tv_usec;
}

int main(void)
{
    int size, w, it, partner, sender;
    char *lbuf = malloc(MAX_SIZE * WINDOW);
    double t0, t, mbps;

    bufs[MYTHREAD] = (buf_t) upc_alloc(MAX_SIZE * WINDOW);
    errs[MYTHREAD] = 0;
    sender = (MYTHREAD % 2 == 0);
    partner = sender ? MYTHREAD + 1 : MYTHREAD - 1;
    if (partner >= THREADS)
        partner = MYTHREAD;                 /* odd thread count: the last one talks to itself */
    upc_barrier;

    if (MYTHREAD == 0)
        printf("# %-10s %16s %16s\n", "Size", "Put MB/s", "Get MB/s");
    for (size = 64; size <= MAX_SIZE; size *= 4) {
        double put_bw = 0, get_bw = 0;
        upc_barrier;
        if (sender) {
            memset(lbuf, (char) size, (size_t) size * WINDOW);
            t0 = now_us();
            for (it = 0; it < ITERS; it++)
                for (w = 0; w < WINDOW; w++)
                    upc_memput(bufs[partner] + w * size, lbuf + w * size, size);
            upc_fence;
            t = now_us() - t0;
            mbps = (double) size * WINDOW * ITERS / (t > 0 ? t : 1);
            put_bw = mbps;
        }
        upc_barrier;
        if (!sender || partner == MYTHREAD) {
            char *mine = (char *) bufs[MYTHREAD];
            int i;
            for (i = 0; i < size * WINDOW; i++)
                if (mine[i] != (char) size) {
                    errs[MYTHREAD]++;
                    break;
                }
        }
        upc_barrier;
        if (sender) {
            memset(lbuf, 0, (size_t) size * WINDOW);
            t0 = now_us();
            for (it = 0; it < ITERS; it++)
                for (w = 0; w < WINDOW; w++)
                    upc_memget(lbuf + w * size, bufs[partner] + w * size, size);
            t = now_us() - t0;
            get_bw = (double) size * WINDOW * ITERS / (t > 0 ? t : 1);
            if (lbuf[size * WINDOW - 1] != (char) size)
                errs[MYTHREAD]++;
        }
        if (MYTHREAD == 0)
            printf("  %-10d %16.2f %16.2f\n", size, put_bw, get_bw);
    }
    upc_barrier;

    t0 = now_us();
    for (it = 0; it < BAR_ITERS; it++)
        upc_barrier;
    t = (now_us() - t0) / BAR_ITERS;
    if (MYTHREAD == 0) {
        int i, e = 0;
        printf("# barrier latency: %.2f us\n", t);
        for (i = 0; i < THREADS; i++)
            e += errs[i];
        printf("# data validation: %s\n", e ? "FAILED" : "ok");
    }
    upc_barrier;
    upc_free(bufs[MYTHREAD]);
    free(lbuf);
    return 0;
}
