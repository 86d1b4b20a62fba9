/* Command-line handling of a UPC tool with getopt_long: long options with required and
 * optional arguments, `--name=value` and `--name value` forms, a flag set through the
 * option table, repeated -v, and the operands left after the options.  Every thread parses
 * the same arguments and they agree. */
#include <upc.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int verbose_flag;

shared int cfg_hash[THREADS];

int main(int argc, char **argv)
{
    static struct option longopts[] = {
        { "size", required_argument, NULL, 's' },
        { "iterations", required_argument, NULL, 'n' },
        { "output", optional_argument, NULL, 'o' },
        { "verbose", no_argument, NULL, 'v' },
        { "brief", no_argument, &verbose_flag, -1 },
        { NULL, 0, NULL, 0 },
    };
    long size = 64;
    int iters = 1, verbosity = 0, c, idx = 0;
    const char *output = "-";
    opterr = 0;
    while ((c = getopt_long(argc, argv, "s:n:o::v", longopts, &idx)) != -1) {
        switch (c) {
        case 's':
            size = strtol(optarg, NULL, 0);
            break;
        case 'n':
            iters = atoi(optarg);
            break;
        case 'o':
            output = optarg ? optarg : "(default)";
            break;
        case 'v':
            verbosity++;
            break;
        case 0:
            break; /* a flag option */
        default:
            if (MYTHREAD == 0)
                printf("unknown option\n");
            return 1;
        }
    }
    int h = (int)(size * 31 + iters * 7 + verbosity + verbose_flag * 3 + (int)strlen(output));
    for (int i = optind; i < argc; i++)
        h = h * 17 + (int)strlen(argv[i]);
    cfg_hash[MYTHREAD] = h;
    upc_barrier;
    if (MYTHREAD == 0) {
        int agree = 1;
        for (int t = 1; t < THREADS; t++)
            agree &= cfg_hash[t] == cfg_hash[0];
        printf("size=%ld iterations=%d output=%s verbosity=%d brief=%d\n", size, iters, output,
               verbosity, verbose_flag);
        printf("operands:");
        for (int i = optind; i < argc; i++)
            printf(" %s", argv[i]);
        printf("\nthreads agree: %s\n", agree ? "yes" : "no");
    }
    return 0;
}
