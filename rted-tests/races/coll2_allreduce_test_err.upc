/* upc-check-test
 * expect: data-race
 * line: 22 25
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: coll2_allreduce_test_err.upc:22 and coll2_allreduce_test_err.upc:25
 */
/* Polling a non-blocking allreduce with upccoll_test, but reading the result on the
   first pass through the loop, before the test said it is complete */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>

shared long mine[THREADS], total[THREADS];

int main(int argc, char **argv)
{
    upccoll_handle_t h;
    long seen = -1;
    upccoll_initialize(&argc, &argv);
    mine[MYTHREAD] = 10 + MYTHREAD;
    upccoll_allreduce(&mine[MYTHREAD], &total[MYTHREAD], 1, UPC_LONG, UPC_ADD, UPC_TEAM_ALL, UPC_IN_NOSYNC | UPC_OUT_NOSYNC, &h);
    do {
        /* work while waiting */
        seen = total[MYTHREAD];
    } while (!upccoll_test(h));
    upccoll_wait(h);                    /* frees the handle */
    printf("thread %d: %ld\n", MYTHREAD, seen);
    upccoll_finalize();
    return 0;
}
