/* upc-check-test
 * expect: data-race
 * line: 26 27
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: reduce_harness_in_nosync_err.upc:26 and reduce_harness_in_nosync_err.upc:27
 */
/* Benchmark-harness style: each timed repetition stores the thread's partial result and
   reduces the partials with UPC_IN_NOSYNC, so the reduction may read a partial while its
   thread still writes it. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define REPS 3
#define TIMED(stmt) do { bupc_tick_t t0_ = bupc_ticks_now(); stmt; elapsed += bupc_ticks_to_us(bupc_ticks_now() - t0_); } while (0)

shared int partial[THREADS];
shared int result;

int main(void)
{
    int rep;
    unsigned long elapsed = 0;
    for (rep = 0; rep < REPS; rep++) {
        partial[MYTHREAD] = (MYTHREAD + 1) * (rep + 1);
        TIMED(upc_all_reduceI(&result, partial, UPC_ADD, THREADS, 1, NULL,
                              UPC_IN_NOSYNC | UPC_OUT_ALLSYNC));
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("result %d (%lu us)\n", result, elapsed > 0 ? 0UL : 0UL);
    return 0;
}
