/* upc-check-test
 * expect: collective-mismatch
 * line: 27 32
 * threads: 2 4 8
 */
/* Error: only thread 0 parses the command line; without arguments it sets "reverse" and runs the broadcast before the reduction, while the other threads keep the default order */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <string.h>

shared int data[THREADS];
shared int sum;
shared int cfg;
shared int cfgcopy[THREADS];

static int reverse = 0;

static void parse(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--forward") != 0)
        reverse = 1;
}

static void do_reduce(void)
{
    upc_all_reduceI(&sum, data, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
}

static void do_bcast(void)
{
    upc_all_broadcast(cfgcopy, &cfg, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
}

int main(int argc, char **argv)
{
    if (MYTHREAD == 0) {
        parse(argc, argv);
        cfg = 7;
    }
    data[MYTHREAD] = MYTHREAD + 1;
    upc_barrier;
    if (reverse) {
        do_bcast();
        do_reduce();
    } else {
        do_reduce();
        do_bcast();
    }
    if (MYTHREAD == 0)
        printf("sum %d cfg %d\n", sum, cfgcopy[THREADS - 1]);
    return 0;
}
