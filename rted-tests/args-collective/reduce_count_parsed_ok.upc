/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct: the header is complete on every thread, so each parses the same count and nelems is single-valued */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PER 16
shared [PER] double samples[PER * THREADS];
shared double total;

static int parse_count(const char *hdr)
{
    const char *p = strstr(hdr, "count=");
    if (p == NULL) return 0;
    return atoi(p + 6);
}

int main(void)
{
    char header[64];
    int i, n;

    /* every thread "reads" the header line */
    snprintf(header, sizeof header, "version=2 count=%d", PER * THREADS);
    if (MYTHREAD == THREADS - 1)
        header[strlen(header)] = '\0';
    n = parse_count(header);

    for (i = 0; i < PER; i++)
        samples[MYTHREAD * PER + i] = 0.5 * (MYTHREAD * PER + i);
    upc_barrier;

    /* sum every sample */
    upc_all_reduceD(&total, samples, UPC_ADD, n, PER, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);

    if (MYTHREAD == 0)
        printf("total = %g\n", total);
    return 0;
}
