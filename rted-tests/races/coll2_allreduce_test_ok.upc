/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of coll2_allreduce_test_err.upc: the result is read once upccoll_test said the allreduce is complete */
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
    while (!upccoll_test(h))
        ;  /* work while waiting */
    upccoll_wait(h);                    /* frees the handle */
    seen = total[MYTHREAD];
    printf("thread %d: %ld\n", MYTHREAD, seen);
    upccoll_finalize();
    return 0;
}
