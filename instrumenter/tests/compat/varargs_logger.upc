/* A logging layer like the ones in application codes: a printf-like function
 * built on va_list/vsnprintf that prefixes the thread, a va_copy'd second
 * pass that measures, a variadic sum of shared values passed by value, and
 * a variadic macro with __VA_ARGS__ and ## __VA_ARGS__.  Lines are collected in
 * a shared buffer per thread and printed in thread order. */
#include <upc.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define LINE 64
#define NLINES 4

shared [LINE * NLINES] char logbuf[THREADS][LINE * NLINES];
shared int nlines[THREADS];
shared double weights[THREADS];

static int log_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int log_line(const char *fmt, ...)
{
    char tmp[LINE];
    int n, len;
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    len = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    n = snprintf(tmp, sizeof tmp, "[%d] ", MYTHREAD);
    vsnprintf(tmp + n, sizeof tmp - n, fmt, ap);
    va_end(ap);
    if (nlines[MYTHREAD] < NLINES) {
        upc_memput(&logbuf[MYTHREAD][nlines[MYTHREAD] * LINE], tmp, LINE);
        nlines[MYTHREAD]++;
    }
    return len;
}

static double vsum(int n, ...)
{
    va_list ap;
    double s = 0;
    va_start(ap, n);
    while (n-- > 0)
        s += va_arg(ap, double);
    va_end(ap);
    return s;
}

#define LOG(...) log_line(__VA_ARGS__)
#define LOGF(fmt, ...) log_line("%s: " fmt, __func__, ## __VA_ARGS__)

static void report(void)
{
    LOGF("done");
    LOGF("thread %d of %d", MYTHREAD, THREADS);
}

int main(void)
{
    int t, i, len;
    nlines[MYTHREAD] = 0;
    weights[MYTHREAD] = 0.5 * (MYTHREAD + 1);
    upc_barrier;
    len = LOG("hello from %s", MYTHREAD % 2 ? "odd" : "even");
    {
        int l = MYTHREAD, r = (MYTHREAD + 1) % THREADS;
        double s = vsum(4, weights[l], weights[r], (double)nlines[MYTHREAD], -weights[r]);
        LOG("sum=%.2f len=%d", s - 0.5 * MYTHREAD, len);
    }
    report();
    upc_barrier;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++)
            for (i = 0; i < nlines[t]; i++) {
                char line[LINE];
                upc_memget(line, &logbuf[t][i * LINE], LINE);
                puts(line);
            }
    return 0;
}
