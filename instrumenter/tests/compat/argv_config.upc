/* Command-line handling as in benchmark drivers: every thread parses argv,
 * thread 0 validates, the result is broadcast through shared memory. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_N 32

shared [] int config[4];          /* n, iters, verbose, ok */
shared long partial[THREADS];

static void usage(const char *prog)
{
    if (!MYTHREAD) fprintf(stderr, "usage: %s [-n N] [-i iters] [-v] name...\n", prog);
}

int main(int argc, char **argv)
{
    int n = DEFAULT_N, iters = 1, verbose = 0, i, nnames = 0;
    const char *names[8];

    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc) n = atoi(argv[++i]);
        else if (!strncmp(argv[i], "-i", 2)) iters = atoi(argv[i][2] ? argv[i] + 2 : argv[++i]);
        else if (!strcmp(argv[i], "-v")) verbose++;
        else if (argv[i][0] == '-') { usage(argv[0]); upc_global_exit(2); }
        else if (nnames < 8) names[nnames++] = argv[i];
    }
    if (MYTHREAD == 0) {
        config[0] = n; config[1] = iters; config[2] = verbose;
        config[3] = (n > 0 && iters > 0);
    }
    upc_barrier;
    if (!config[3]) { usage(argv[0]); return 1; }
    if (config[0] != n || config[1] != iters) {
        printf("thread %d sees different arguments\n", MYTHREAD);
        upc_global_exit(3);
    }

    {
        long s = 0; int it, k;
        for (it = 0; it < iters; it++)
            for (k = MYTHREAD; k < n; k += THREADS)
                s += k;
        partial[MYTHREAD] = s;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        long tot = 0;
        for (i = 0; i < THREADS; i++) tot += partial[i];
        printf("n=%d iters=%d verbose=%d names=%d\n", n, iters, verbose, nnames);
        for (i = 0; i < nnames; i++) printf("name[%d]=%s\n", i, names[i]);
        printf("sum=%ld %s\n", tot, tot == (long)iters * n * (n - 1) / 2 ? "ok" : "WRONG");
        printf("argv[0] given: %s\n", argv[0] && argv[0][0] ? "yes" : "no");
    }
    return 0;
}
