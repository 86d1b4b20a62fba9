/* upc-check-test
 * expect: single-valued-mismatch
 * line: 40
 * threads: 2 4 8
 */
/* Error: every thread parses the sample count from its own copy of the input header; the last thread's copy was truncated, so it passes a different nelems to upc_all_reduceD */
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

    /* every thread "reads" the header line; the last one got a short read */
    snprintf(header, sizeof header, "version=2 count=%d", PER * THREADS);
    if (MYTHREAD == THREADS - 1)
        header[strlen(header) - 1] = '\0';
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
