/* A tool-style UPC program that includes the system headers a POSIX utility does and uses
 * them in every thread: signals (sigaction, raise, sig_atomic_t), errno with strtol and
 * strtoimax, <inttypes.h> formats and scanning, <limits.h>/<float.h> limits, <stdbool.h>,
 * <sys/time.h> and <time.h> clocks, <unistd.h> sysconf/getpid, <sys/types.h> types and
 * <stdatomic.h> on private data. */
#define _POSIX_C_SOURCE 200809L
#include <upc_relaxed.h>
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t got_usr1 = 0;
static atomic_int handler_calls = 0;

static void on_usr1(int sig)
{
    (void)sig;
    got_usr1 = 1;
    atomic_fetch_add_explicit(&handler_calls, 1, memory_order_relaxed);
}

shared int checks[THREADS];
shared int64_t big[THREADS];
shared pid_t pids[THREADS];

static bool parse_long(const char *s, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno == ERANGE || *end != '\0' || end == s)
        return false;
    *out = v;
    return true;
}

int main(void)
{
    int ok = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGUSR1, &sa, NULL) == 0 && raise(SIGUSR1) == 0 && got_usr1 &&
        atomic_load(&handler_calls) == 1)
        ok++;

    long v;
    if (parse_long("12345", &v) && v == 12345)
        ok++;
    if (!parse_long("99999999999999999999999", &v) && errno == ERANGE)
        ok++;
    if (!parse_long("12x", &v))
        ok++;

    intmax_t im = strtoimax("-9223372036854775807", NULL, 10);
    if (im == -INT64_MAX)
        ok++;
    int64_t scanned = 0;
    if (sscanf("4611686018427387904", "%" SCNd64, &scanned) == 1 && scanned == INT64_C(1) << 62)
        ok++;

    if (INT_MAX == 2147483647 && CHAR_BIT == 8 && LONG_MAX >= INT_MAX && DBL_EPSILON < 1e-15 &&
        FLT_MAX > 1e38f && DBL_DIG >= 15)
        ok++;

    struct timeval tv0, tv1;
    struct timespec ts;
    gettimeofday(&tv0, NULL);
    clock_gettime(CLOCK_MONOTONIC, &ts);
    gettimeofday(&tv1, NULL);
    if (timercmp(&tv0, &tv1, <=) && ts.tv_nsec >= 0 && ts.tv_nsec < 1000000000L)
        ok++;

    long page = sysconf(_SC_PAGESIZE);
    if (page > 0 && (page & (page - 1)) == 0)
        ok++;

    atomic_uint_least64_t acc = 0;
    for (int i = 1; i <= 100; i++)
        atomic_fetch_add(&acc, (uint_least64_t)i * (MYTHREAD + 1));
    ssize_t ss = (ssize_t)atomic_load(&acc);
    if (ss == 5050 * (MYTHREAD + 1))
        ok++;

    checks[MYTHREAD] = ok;
    big[MYTHREAD] = (INT64_C(1) << 40) + MYTHREAD;
    pids[MYTHREAD] = getpid();
    upc_barrier;
    if (MYTHREAD == 0) {
        int all = 0;
        int64_t sum = 0;
        for (int t = 0; t < THREADS; t++) {
            all += checks[t] == 10;
            sum += big[t] - (INT64_C(1) << 40);
        }
        printf("threads passing all 10 checks: %d of %d\n", all, THREADS);
        printf("sum of offsets %s: %" PRId64 "\n",
               sum == (int64_t)THREADS * (THREADS - 1) / 2 ? "ok" : "WRONG", sum - sum);
        printf("pid of thread 0 positive: %s\n", pids[0] > 0 ? "true" : "false");
        printf("PRIx64 of 2^40: %#" PRIx64 "\n", (uint64_t)1 << 40);
    }
    return 0;
}
