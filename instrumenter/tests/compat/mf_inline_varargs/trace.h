/* trace.h -- logging macros in the style of a research code's debug header */
#ifndef TRACE_H
#define TRACE_H
#include <stdio.h>

#ifndef TRACE_LEVEL
#define TRACE_LEVEL 1
#endif

#define TRACE(lvl, fmt, ...)                                                  \
    do {                                                                      \
        if ((lvl) <= TRACE_LEVEL)                                             \
            fprintf(stderr, "[%2d] %s:%d: " fmt "\n", MYTHREAD, __func__,     \
                    __LINE__, ##__VA_ARGS__);                                 \
    } while (0)

/* print once, from thread 0 */
#define MASTER_PRINTF(...) do { if (MYTHREAD == 0) printf(__VA_ARGS__); } while (0)

/* count the arguments (up to 6) */
#define NARGS_(_1, _2, _3, _4, _5, _6, N, ...) N
#define NARGS(...) NARGS_(__VA_ARGS__, 6, 5, 4, 3, 2, 1, 0)

#define UNUSED __attribute__((unused))
#define NOINLINE __attribute__((noinline))
#define PURE __attribute__((pure))
#endif
