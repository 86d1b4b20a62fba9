/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of reduce_harness_in_nosync_err.upc: the reduction synchronizes on entry
   (UPC_IN_ALLSYNC), so every partial is written before any is read. */
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
                              UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC));
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("result %d (%lu us)\n", result, elapsed > 0 ? 0UL : 0UL);
    return 0;
}
