/* bupc_tick.h — Berkeley UPC's timer extension, declared by <upc.h> as Berkeley UPC does.
 * Ticks are the nanoseconds of CLOCK_MONOTONIC (the clock of upc_ticks_now in <upc_tick.h>).
 * Test for it with `#ifdef BUPC_TICK_MAX`; compile with -DUPCCHECK_NO_BUPC_TICK to leave it out
 * (for a program that declares these names itself). */
#ifndef _BUPC_TICK_H_
#define _BUPC_TICK_H_

#ifndef UPCCHECK_NO_BUPC_TICK

#include <stdint.h>

typedef uint64_t bupc_tick_t;
#define BUPC_TICK_MIN ((bupc_tick_t)0)
#define BUPC_TICK_MAX ((bupc_tick_t)0xffffffffffffffffULL)

/* (declared through function types, the names not followed by a parenthesis: a program's
 * function-like macro of the same name is left alone; a program's own definition of one of
 * them replaces the declaration here) */
typedef bupc_tick_t upcc_bupc_tick_fn(void);
typedef uint64_t upcc_bupc_tick_conv_fn(bupc_tick_t ticks);
typedef double upcc_bupc_tick_us_fn(void);
upcc_bupc_tick_fn bupc_ticks_now;
upcc_bupc_tick_conv_fn bupc_ticks_to_us;
upcc_bupc_tick_conv_fn bupc_ticks_to_ns;
upcc_bupc_tick_us_fn bupc_tick_granularityus;
upcc_bupc_tick_us_fn bupc_tick_overheadus;

#endif /* UPCCHECK_NO_BUPC_TICK */

#endif /* _BUPC_TICK_H_ */
