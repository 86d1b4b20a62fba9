/*
 * Every C11 and common POSIX header in one UPC translation unit, together with
 * the UPC headers, and a use of the macros they define. Compiled with
 * -Wall -Wextra -Werror.
 */
#define _GNU_SOURCE 1
#include <upc.h>
#include <upc_collective.h>
#include <upc_io.h>
#include <upc_tick.h>
#include <upc_types.h>

#include <assert.h>
#include <complex.h>
#include <ctype.h>
#include <errno.h>
#include <fenv.h>
#include <float.h>
#include <inttypes.h>
#include <iso646.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdnoreturn.h>
#include <string.h>
#include <tgmath.h>
#include <time.h>
#include <wchar.h>
#include <wctype.h>

#include <dirent.h>
#include <fcntl.h>
#include <getopt.h>
#include <libgen.h>
#include <pthread.h>
#include <sched.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

struct rec { char c; double d; int64_t big; };

shared int results[THREADS];
shared int total_errors;
static jmp_buf env;
static volatile sig_atomic_t got_signal;

static void on_signal(int sig) { got_signal = sig; }

static int sum_va(int n, ...)
{
    va_list ap;
    int s = 0;
    va_start(ap, n);
    while (n-- > 0)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

static noreturn void jump_back(int v) { longjmp(env, v); }

int main(int argc, char **argv)
{
    int errors = 0;
    char buf[64];
    struct timeval t0, t1, dt;
    int64_t big = INT64_MAX;
    bool flag = true;
    double complex z = 1.0 + 2.0 * I;
    wchar_t wide[] = L"upc";
    struct stat st;
    int opt;

    (void) argc; (void) argv;
    setlocale(LC_ALL, "C");
    opterr = 0;
    optind = 1;
    while ((opt = getopt(argc, argv, "v")) != -1)
        if (opt == 'v')
            errors += 0;

    assert(THREADS > 0);
    if (!isdigit('7') || !isalpha('u') || toupper('c') != 'C') errors++;
    errno = 0;
    if (strtol("99999999999999999999999", NULL, 10) != LONG_MAX || errno != ERANGE) errors++;
    snprintf(buf, sizeof buf, "%" PRId64 " %" PRIu32 " %zu", big, (uint32_t) UINT32_MAX, sizeof(struct rec));
    if (strncmp(buf, "9223372036854775807 4294967295", 30) != 0) errors++;
    if (INT_MAX != 2147483647 || CHAR_BIT != 8 || DBL_DIG < 10 || FLT_RADIX != 2) errors++;
    if (!isnan(NAN) || !isinf(HUGE_VAL) || fabs(sqrt(2.0) * sqrt(2.0) - 2.0) > 1e-15) errors++;
    if (offsetof(struct rec, c) != 0 || alignof(double) < 4) errors++;
    if (sum_va(3, 1, 2, 3) != 6 || !(flag and not false)) errors++;
    if (creal(z * conj(z)) != 5.0 || cimag(z) != 2.0) errors++;
    if (wcslen(wide) != 3 || !iswalpha(wide[0])) errors++;
    if (fegetround() != FE_TONEAREST) errors++;
    if (strcasecmp("UPC", "upc") != 0) errors++;
    if (stat(".", &st) != 0 || !S_ISDIR(st.st_mode)) errors++;
    if (getpid() <= 0 || sysconf(_SC_PAGESIZE) <= 0) errors++;
    if (signal(SIGUSR1, on_signal) == SIG_ERR || raise(SIGUSR1) != 0 || got_signal != SIGUSR1) errors++;
    if (setjmp(env) == 0)
        jump_back(42);
    gettimeofday(&t0, NULL);
    gettimeofday(&t1, NULL);
    timersub(&t1, &t0, &dt);
    if (dt.tv_sec < 0 || !timerisset(&t1)) errors++;
    if (time(NULL) == (time_t) -1 || clock() == (clock_t) -1) errors++;
    {
        pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
        if (pthread_mutex_lock(&m) != 0 || pthread_mutex_unlock(&m) != 0) errors++;
    }
    {
        upc_tick_t t = upc_ticks_now();
        if (upc_ticks_to_ns(upc_ticks_now() - t) > 60ULL * 1000000000ULL) errors++;
    }
    if (UPC_MAX_BLOCK_SIZE < 1 || sizeof(upc_off_t) < 4) errors++;

    results[MYTHREAD] = errors;
    upc_all_reduceI(&total_errors, results, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("all headers: %d errors\n", total_errors);
    return 0;
}
