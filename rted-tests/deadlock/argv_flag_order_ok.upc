/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: thread 0 parses the command line and publishes the flag before anyone branches on it */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <string.h>

shared int data[THREADS];
shared int sum;
shared int cfg;
shared int cfgcopy[THREADS];
shared int reverse_flag;

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
        reverse_flag = reverse;
    }
    data[MYTHREAD] = MYTHREAD + 1;
    upc_barrier;
    reverse = reverse_flag;
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
