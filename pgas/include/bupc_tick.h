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

bupc_tick_t bupc_ticks_now(void);
uint64_t bupc_ticks_to_us(bupc_tick_t ticks);
uint64_t bupc_ticks_to_ns(bupc_tick_t ticks);
double bupc_tick_granularityus(void);
double bupc_tick_overheadus(void);

#endif /* UPCCHECK_NO_BUPC_TICK */

#endif /* _BUPC_TICK_H_ */
