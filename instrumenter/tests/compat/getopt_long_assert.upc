/* A driver with GNU getopt_long options, assert() sanity checks and debug
 * output of local addresses with %p, sizing its shared data at run time from
 * the command line (upc_all_alloc), the way application codes start up:
 *   getopt_long_assert [--size N] [--blocks B] [--name=STR] [--debug] [file...]
 */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>
#include <assert.h>

struct config {
    long size;
    int blocks;
    int debug;
    char name[32];
    int nfiles;
};

static struct config cfg = { 16, 2, 0, "unnamed", 0 };
shared long sums[THREADS];

static void
parse(int argc, char **argv)
{
    static const struct option opts[] = {
        { "size",   required_argument, NULL, 's' },
        { "blocks", required_argument, NULL, 'b' },
        { "name",   required_argument, NULL, 'N' },
        { "debug",  no_argument,       NULL, 'd' },
        { NULL, 0, NULL, 0 }
    };
    int c, idx;
    char *end;
    while ((c = getopt_long(argc, argv, "s:b:N:d", opts, &idx)) != -1) {
        switch (c) {
        case 's':
            cfg.size = strtol(optarg, &end, 0);
            assert(*end == '\0');
            break;
        case 'b':
            cfg.blocks = atoi(optarg);
            break;
        case 'N':
            strncpy(cfg.name, optarg, sizeof cfg.name - 1);
            break;
        case 'd':
            cfg.debug = 1;
            break;
        default:
            if (MYTHREAD == 0)
                fprintf(stderr, "usage: %s [--size N] [--blocks B] [--name S] [--debug]\n", argv[0]);
            upc_global_exit(2);
        }
    }
    cfg.nfiles = argc - optind;
}

int
main(int argc, char **argv)
{
    shared [] long *unused = NULL;
    shared long *data;
    long i, n, local_sum = 0;
    long *lp;
    char where[64];

    parse(argc, argv);
    assert(cfg.size > 0 && cfg.blocks > 0);
    n = cfg.size * cfg.blocks;
    data = (shared long *) upc_all_alloc(THREADS * cfg.blocks, cfg.size * sizeof(long));
    assert(data != NULL);
    assert(upc_threadof(data) == 0);
    (void) unused;

    upc_forall (i = 0; i < n * THREADS; i++; &data[i])
        data[i] = i;
    upc_barrier;

    /* my elements of the cyclic array, through a local pointer */
    lp = (long *) &data[MYTHREAD];
    for (i = 0; i < n; i++)
        local_sum += lp[i];
    sums[MYTHREAD] = local_sum;
    snprintf(where, sizeof where, "%p", (void *) lp);
    assert(strlen(where) > 2);
    if (cfg.debug)
        printf("thread %d: local part at %p, first %ld\n", MYTHREAD, (void *) lp, lp[0]);
    upc_barrier;

    if (MYTHREAD == 0) {
        long total = 0, t;
        for (t = 0; t < THREADS; t++)
            total += sums[t];
        assert(total == n * THREADS * (n * THREADS - 1) / 2);
        printf("%s: size %ld, %d blocks, %d extra arguments\n", cfg.name, cfg.size, cfg.blocks,
               cfg.nfiles);
        printf("sum over %ld elements per thread: ok\n", n);
        upc_free(data);
    }
    return 0;
}
