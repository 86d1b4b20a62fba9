/* Command-line handling with getopt(3), as in benchmark drivers:
 *   posix_getopt [-n iterations] [-s size] [-v] [name]
 * Built with -D_POSIX_C_SOURCE=200809L -Wall -Werror. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>
#include <sys/types.h>

static void usage(const char *prog)
{
    if (MYTHREAD == 0)
        fprintf(stderr, "usage: %s [-n iterations] [-s size] [-v] [name]\n", prog);
    upc_global_exit(2);
}

shared long sums[THREADS];

int main(int argc, char *argv[])
{
    int c, niter = 1, verbose = 0, i;
    long size = 10;
    const char *name = "default";
    struct timespec ts;

    while ((c = getopt(argc, argv, "n:s:v")) != -1) {
        switch (c) {
        case 'n': niter = atoi(optarg); break;
        case 's': size = strtol(optarg, NULL, 0); break;
        case 'v': verbose = 1; break;
        default: usage(argv[0]);
        }
    }
    if (optind < argc)
        name = argv[optind];
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        usage(argv[0]);

    sums[MYTHREAD] = 0;
    for (i = 0; i < niter; i++)
        sums[MYTHREAD] += size * (MYTHREAD + 1);
    upc_barrier;
    if (MYTHREAD == 0) {
        long total = 0;
        for (i = 0; i < THREADS; i++)
            total += sums[i];
        if (verbose)
            printf("name=%s iterations=%d size=%ld\n", name, niter, size);
        printf("%s\n", total == (long) niter * size * THREADS * (THREADS + 1) / 2 ? "result ok" : "result wrong");
    }
    return 0;
}
