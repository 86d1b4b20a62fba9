/* The C99 headers with the strict UPC header, built with -std=gnu99 -O2
   -Wall -Wextra -Werror. */
#include <upc_strict.h>
#include <upc_collective.h>
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    uint8_t  kind;
    uint32_t count;
    double   mean;
} summary_t;

shared summary_t summaries[THREADS];
shared uint64_t checksum;
shared uint64_t parts[THREADS];

static uint64_t fnv1a(const char *s)
{
    uint64_t h = UINT64_C(14695981039346656037);
    while (*s) {
        h ^= (uint8_t) *s++;
        h *= UINT64_C(1099511628211);
    }
    return h;
}

int main(void)
{
    char name[32];
    int i;
    bool ok = true;

    snprintf(name, sizeof name, "thread-%d", MYTHREAD);
    summaries[MYTHREAD].kind = (uint8_t) (MYTHREAD & 0xff);
    summaries[MYTHREAD].count = (uint32_t) strlen(name);
    summaries[MYTHREAD].mean = sqrt((double) MYTHREAD);
    parts[MYTHREAD] = fnv1a(name) & UINT64_C(0xffff);
    upc_all_reduceUL((shared void *) &checksum, parts, UPC_ADD, THREADS, 1, NULL,
                     UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) {
        uint64_t want = 0;
        for (i = 0; i < THREADS; i++) {
            snprintf(name, sizeof name, "thread-%d", i);
            want += fnv1a(name) & UINT64_C(0xffff);
            ok = ok && summaries[i].count == strlen(name)
                    && fabs(summaries[i].mean - sqrt((double) i)) < DBL_EPSILON * 4;
        }
        assert(sizeof(unsigned long) == sizeof(uint64_t));
        printf("checksum %s, summaries %s\n", checksum == want ? "ok" : "bad", ok ? "ok" : "bad");
        printf("%" PRIu32 " is the largest uint32_t, INT8_MIN is %" PRId8 "\n", UINT32_MAX, (int8_t) INT8_MIN);
    }
    return 0;
}
